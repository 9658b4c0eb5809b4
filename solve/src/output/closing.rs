//! The line that closes a problem: `solution finished. Time = 0.014 s`, or
//! `Partial solution Time = ...` when the search was cut short.

use super::words::printed;
use crate::problem::Language;
use crate::solution::Report;
use std::time::Duration;

/// What the closing line says about a problem (all its twins and parts).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Closing {
    /// The solving time of the whole problem.
    pub elapsed: Duration,
    /// True when some part was cut short (`maxsolutions`, Ctrl-C).
    pub partial: bool,
    /// True when `maxtime` stopped it: Popeye then says `solving interrupted.`
    pub interrupted: bool,
}

impl Closing {
    /// The closing of `reports` alone.
    pub fn of(reports: &[Report]) -> Closing {
        let mut closing = Closing::default();
        for report in reports {
            closing.add(report);
        }
        closing
    }

    /// Counts one more part (or twin) in.
    pub fn add(&mut self, report: &Report) {
        self.elapsed += report.elapsed;
        self.partial |= report.partial;
    }
}

/// The closing line in `language` and the blank lines Popeye leaves before the next
/// problem. Popeye's `solution finished.` message begins with a newline, its `Partial
/// solution` does not.
pub fn closing(closing: &Closing, language: Language) -> String {
    let words = printed(language);
    let message = if closing.interrupted {
        words.interrupted
    } else if closing.partial {
        words.partial
    } else {
        words.finished
    };
    format!(
        "{message} {}{}\n\n\n",
        words.time,
        time_text(closing.elapsed)
    )
}

/// A time as Popeye writes it: `0.014 s`, `2:05.120 m:s`, `1:02:03 h:m:s`.
pub fn time_text(elapsed: Duration) -> String {
    let secs = elapsed.as_secs();
    let millis = elapsed.subsec_millis();
    let (hours, minutes, seconds) = (secs / 3600, secs % 3600 / 60, secs % 60);
    if hours > 0 {
        format!("{hours}:{minutes:02}:{seconds:02} h:m:s")
    } else if minutes > 0 {
        format!("{minutes}:{seconds:02}.{millis:03} m:s")
    } else {
        format!("{seconds}.{millis:03} s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_as_popeye_writes_them() {
        assert_eq!(time_text(Duration::from_micros(14_700)), "0.014 s");
        assert_eq!(time_text(Duration::from_millis(1_009)), "1.009 s");
        assert_eq!(time_text(Duration::from_millis(125_120)), "2:05.120 m:s");
        assert_eq!(time_text(Duration::from_secs(3_723)), "1:02:03 h:m:s");
    }

    #[test]
    fn finished_and_partial() {
        let done = Closing {
            elapsed: Duration::from_millis(14),
            partial: false,
            interrupted: false,
        };
        let cut = Closing {
            partial: true,
            ..done
        };
        let timed_out = Closing {
            interrupted: true,
            ..cut
        };
        use Language::{English, French, German};
        for (closed, language, line) in [
            (done, English, "\nsolution finished. Time = 0.014 s\n\n\n"),
            (done, German, "\nLoesung beendet. Zeit = 0.014 s\n\n\n"),
            (done, French, "\nsolution terminee. Temps = 0.014 s\n\n\n"),
            (cut, English, "Partial solution Time = 0.014 s\n\n\n"),
            (cut, German, "Partielle Loesung Zeit = 0.014 s\n\n\n"),
            (
                timed_out,
                English,
                "solving interrupted. Time = 0.014 s\n\n\n",
            ),
            (
                timed_out,
                French,
                "solution interrompue. Temps = 0.014 s\n\n\n",
            ),
        ] {
            assert_eq!(closing(&closed, language), line);
        }
    }
}
