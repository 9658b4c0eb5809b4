//! Time management: turns `go` limits into a soft limit (do not start another
//! iteration) and a hard limit (abort the current one), measured from the start of the
//! search or, for a ponder search, from the `ponderhit`.

use crate::{Clock, Limits};
use std::time::Duration;
use web_time::Instant;

/// Moves we assume are left when the GUI does not say (sudden death).
const DEFAULT_MOVES_TO_GO: i64 = 25;
/// Never plan to use more than these fractions of the remaining time in one move.
const SOFT_MAX_FRACTION: (i64, i64) = (1, 2);
const HARD_MAX_FRACTION: (i64, i64) = (3, 4);
/// The hard limit may stretch the soft target by this factor.
const HARD_OVER_SOFT: i64 = 4;
/// Below this much time (after the overhead), a scheduling delay of a few tens of
/// milliseconds on a loaded machine is a large share of the clock: the hard limit then
/// keeps two thirds of what is left in reserve.
const LOW_CLOCK_MS: i64 = 1000;
const LOW_CLOCK_HARD_FRACTION: (i64, i64) = (1, 3);

/// Soft and hard budgets in milliseconds for one move on `clock`.
pub fn budget(clock: &Clock, overhead_ms: u64) -> (u64, u64) {
    let overhead = overhead_ms as i64;
    // What we can spend without flagging; tiny or negative times leave next to nothing.
    let available = (clock.time_ms - overhead).max(1);
    let mtg = clock
        .moves_to_go
        .map_or(DEFAULT_MOVES_TO_GO, |m| (m as i64).clamp(1, 50));
    let inc = clock.increment_ms.max(0);
    let target = available / mtg + inc * 3 / 4;
    let soft = target.min(available * SOFT_MAX_FRACTION.0 / SOFT_MAX_FRACTION.1);
    let hard_fraction = if available < LOW_CLOCK_MS {
        LOW_CLOCK_HARD_FRACTION
    } else {
        HARD_MAX_FRACTION
    };
    let hard = (soft * HARD_OVER_SOFT).min(available * hard_fraction.0 / hard_fraction.1);
    let hard = hard.max(1);
    (soft.clamp(1, hard) as u64, hard as u64)
}

/// Live time state of one search (owned by the main thread).
#[derive(Debug)]
pub struct TimeManager {
    start: Instant,
    soft: Option<Duration>,
    hard: Option<Duration>,
    /// Pondering: no clock runs until `ponderhit`.
    pondering: bool,
    /// Never stops by itself (`infinite`): only `stop` ends the search.
    infinite: bool,
    /// `movetime`: the whole time is the user's to give, so the soft limit is not
    /// scaled.
    fixed: bool,
}

impl TimeManager {
    pub fn new<M>(limits: &Limits<M>, overhead_ms: u64) -> TimeManager {
        let mut tm = TimeManager {
            start: Instant::now(),
            soft: None,
            hard: None,
            pondering: limits.ponder,
            infinite: limits.infinite,
            fixed: limits.movetime.is_some(),
        };
        if let Some(mt) = limits.movetime {
            let ms = (mt.as_millis() as u64).saturating_sub(overhead_ms).max(1);
            tm.soft = Some(Duration::from_millis(ms));
            tm.hard = Some(Duration::from_millis(ms));
        } else if let Some(clock) = &limits.clock {
            let (soft, hard) = budget(clock, overhead_ms);
            tm.soft = Some(Duration::from_millis(soft));
            tm.hard = Some(Duration::from_millis(hard));
        }
        tm
    }

    /// Switches a ponder search to a timed one, the clock starting now.
    pub fn ponderhit(&mut self) {
        if self.pondering {
            self.pondering = false;
            self.start = Instant::now();
        }
    }

    pub fn is_pondering(&self) -> bool {
        self.pondering
    }

    /// Whether the search must keep going until `stop` (pondering or infinite).
    pub fn waits_for_stop(&self) -> bool {
        self.pondering || self.infinite
    }

    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Time to abort the running iteration.
    pub fn hard_exceeded(&self) -> bool {
        !self.pondering && self.hard.is_some_and(|h| self.start.elapsed() >= h)
    }

    /// Time not to start another iteration. `scale` stretches or shrinks the soft limit
    /// (by the best move's changes and share of the nodes); 1.0 leaves it alone.
    pub fn soft_exceeded(&self, scale: f64) -> bool {
        !self.pondering
            && self
                .soft_limit(scale)
                .is_some_and(|s| self.start.elapsed() >= s)
    }

    /// The soft limit scaled by `scale`, except under `movetime`, which is spent whole.
    fn soft_limit(&self, scale: f64) -> Option<Duration> {
        let scale = if self.fixed { 1.0 } else { scale };
        self.soft.map(|s| s.mul_f64(scale))
    }

    /// Whether a clock or movetime limit exists at all.
    pub fn is_timed(&self) -> bool {
        self.soft.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock(time_ms: i64, increment_ms: i64, moves_to_go: Option<u32>) -> Clock {
        Clock {
            time_ms,
            increment_ms,
            moves_to_go,
        }
    }

    #[test]
    fn budgets_stay_within_remaining_time() {
        for t in [-500, 0, 1, 5, 30, 100, 1000, 60_000, 3_600_000] {
            for inc in [0, 100, 2000] {
                for mtg in [None, Some(1), Some(2), Some(40)] {
                    let (soft, hard) = budget(&clock(t, inc, mtg), 10);
                    assert!(soft <= hard, "{t} {inc} {mtg:?}");
                    let left = (t - 10).max(1) as u64;
                    assert!(hard <= left.max(1), "{t} {inc} {mtg:?}: {hard} > {left}");
                }
            }
        }
    }

    #[test]
    fn a_low_clock_keeps_most_of_it_in_reserve() {
        // The case seen in a match: 71 ms left with a 10 ms increment and overhead.
        let (soft, hard) = budget(&clock(71, 10, None), 10);
        assert!(hard <= 20, "hard limit {hard} ms of 61 available");
        assert!(soft <= hard && soft >= 1);
        for t in [1, 20, 100, 500, 1009] {
            let (_, hard) = budget(&clock(t, 10, None), 10);
            assert!(hard as i64 <= ((t - 10).max(1) + 2) / 3, "{t}: {hard}");
        }
    }

    #[test]
    fn sudden_death_uses_a_fraction() {
        let (soft, hard) = budget(&clock(60_000, 0, None), 10);
        assert!((1000..5000).contains(&soft), "{soft}");
        assert!(hard > soft && hard < 20_000, "{hard}");
    }

    #[test]
    fn increment_adds_time() {
        let (a, _) = budget(&clock(10_000, 0, None), 10);
        let (b, _) = budget(&clock(10_000, 1000, None), 10);
        assert!(b > a);
    }

    #[test]
    fn movetime_is_spent_whole_and_a_clock_is_scaled() {
        let movetime = Limits::<u8> {
            movetime: Some(Duration::from_millis(1000)),
            ..Limits::default()
        };
        let tm = TimeManager::new(&movetime, 0);
        assert_eq!(tm.soft_limit(0.5), Some(Duration::from_millis(1000)));
        let clocked = Limits::<u8> {
            clock: Some(clock(60_000, 0, None)),
            ..Limits::default()
        };
        let tm = TimeManager::new(&clocked, 0);
        let soft = tm.soft_limit(1.0).unwrap();
        assert_eq!(tm.soft_limit(0.5), Some(soft / 2));
        assert_eq!(tm.soft_limit(2.0), Some(soft * 2));
    }

    #[test]
    fn ponder_holds_the_clock() {
        let limits = Limits::<u8> {
            movetime: Some(Duration::from_millis(1)),
            ponder: true,
            ..Limits::default()
        };
        let mut tm = TimeManager::new(&limits, 0);
        std::thread::sleep(Duration::from_millis(5));
        assert!(!tm.hard_exceeded());
        tm.ponderhit();
        std::thread::sleep(Duration::from_millis(5));
        assert!(tm.hard_exceeded());
    }
}
