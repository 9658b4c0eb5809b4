//! Numbers that carry their own linear form, so one evaluation function written over
//! [`Num`] gives the fast score (with `i32`) and its [`Trace`] (with [`Lin`]).
//!
//! A [`Lin`] holds the integer value the real evaluation computes and the exact linear
//! form `constant + Σ grad[i] × weight[i]` that equals it at the current weights. Integer
//! divisions keep their rounding in `constant`, so the trace reproduces the evaluation
//! exactly at the weights it was taken with.

use crate::{Trace, WeightInfo};
use std::ops::{Add, AddAssign, Div, Mul, Neg, Sub, SubAssign};

/// What an evaluation needs from its numbers.
pub trait Num:
    Copy
    + From<i32>
    + Add<Output = Self>
    + Sub<Output = Self>
    + Neg<Output = Self>
    + Mul<Output = Self>
    + Div<i32, Output = Self>
    + AddAssign
    + SubAssign
{
    /// The integer value with the current weights.
    fn value(self) -> i32;

    /// `self` scaled by an integer count.
    #[inline]
    fn times(self, k: i32) -> Self {
        self * Self::from(k)
    }

    /// The larger of two numbers by value (the form of the one chosen).
    #[inline]
    fn max_by_value(self, o: Self) -> Self {
        if o.value() > self.value() { o } else { self }
    }

    /// The smaller of `self` and a held cap (a capped term is constant).
    #[inline]
    fn min_held(self, cap: i32) -> Self {
        if self.value() <= cap {
            self
        } else {
            Self::from(cap)
        }
    }
}

impl Num for i32 {
    #[inline]
    fn value(self) -> i32 {
        self
    }

    #[inline]
    fn times(self, k: i32) -> i32 {
        self * k
    }

    #[inline]
    fn max_by_value(self, o: i32) -> i32 {
        self.max(o)
    }

    #[inline]
    fn min_held(self, cap: i32) -> i32 {
        self.min(cap)
    }
}

/// An integer with its linear form over `N` weights.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Lin<const N: usize> {
    value: i32,
    constant: f64,
    grad: [f64; N],
}

impl<const N: usize> Lin<N> {
    /// Weight number `index`, whose value is `value`.
    pub fn var(index: usize, value: i32) -> Lin<N> {
        let mut grad = [0.0; N];
        grad[index] = 1.0;
        Lin {
            value,
            constant: 0.0,
            grad,
        }
    }

    /// The features of this number.
    pub fn trace(&self) -> Trace {
        let mut t = Trace {
            constant: self.constant,
            terms: Vec::new(),
        };
        for (i, &g) in self.grad.iter().enumerate() {
            t.add(i, g as f32);
        }
        t
    }

    fn map(self, value: i32, constant: f64, f: impl Fn(f64) -> f64) -> Lin<N> {
        Lin {
            value,
            constant,
            grad: self.grad.map(f),
        }
    }

    fn zip(self, o: Lin<N>, value: i32, constant: f64, f: impl Fn(f64, f64) -> f64) -> Lin<N> {
        let mut grad = self.grad;
        for (g, h) in grad.iter_mut().zip(o.grad) {
            *g = f(*g, h);
        }
        Lin {
            value,
            constant,
            grad,
        }
    }
}

impl<const N: usize> From<i32> for Lin<N> {
    /// A number that depends on no weight (or only on held ones).
    fn from(value: i32) -> Lin<N> {
        Lin {
            value,
            constant: value as f64,
            grad: [0.0; N],
        }
    }
}

impl<const N: usize> Add for Lin<N> {
    type Output = Lin<N>;
    fn add(self, o: Lin<N>) -> Lin<N> {
        self.zip(
            o,
            self.value + o.value,
            self.constant + o.constant,
            |a, b| a + b,
        )
    }
}

impl<const N: usize> Sub for Lin<N> {
    type Output = Lin<N>;
    fn sub(self, o: Lin<N>) -> Lin<N> {
        self.zip(
            o,
            self.value - o.value,
            self.constant - o.constant,
            |a, b| a - b,
        )
    }
}

impl<const N: usize> Neg for Lin<N> {
    type Output = Lin<N>;
    fn neg(self) -> Lin<N> {
        self.map(-self.value, -self.constant, |g| -g)
    }
}

impl<const N: usize> Mul for Lin<N> {
    type Output = Lin<N>;
    /// The tangent of the product: exact when one factor is constant (the evaluators
    /// hold the weights that would multiply each other, so it always is).
    fn mul(self, o: Lin<N>) -> Lin<N> {
        let (a, b) = (self.value as f64, o.value as f64);
        let constant = a * o.constant + b * self.constant - a * b;
        self.zip(o, self.value * o.value, constant, |g, h| b * g + a * h)
    }
}

impl<const N: usize> Div<i32> for Lin<N> {
    type Output = Lin<N>;
    /// Exact division of the form; the integer rounding goes into the constant.
    fn div(self, d: i32) -> Lin<N> {
        let value = self.value / d;
        let df = d as f64;
        let rounding = value as f64 - self.value as f64 / df;
        self.map(value, self.constant / df + rounding, |g| g / df)
    }
}

impl<const N: usize> AddAssign for Lin<N> {
    fn add_assign(&mut self, o: Lin<N>) {
        *self = *self + o;
    }
}

impl<const N: usize> SubAssign for Lin<N> {
    fn sub_assign(&mut self, o: Lin<N>) {
        *self = *self - o;
    }
}

impl<const N: usize> Num for Lin<N> {
    fn value(self) -> i32 {
        self.value
    }
}

/// For `Weights::map`, in the order of the weight vector described by `info`: each
/// weight as a number of the trace, a variable when tunable, else a constant.
pub fn variables<const N: usize>(info: Vec<WeightInfo>) -> impl FnMut(i32) -> Lin<N> {
    assert_eq!(info.len(), N, "weights in the vector and in the form");
    let mut i = 0;
    move |v| {
        let x = if info[i].tunable {
            Lin::var(i, v)
        } else {
            Lin::from(v)
        };
        i += 1;
        x
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_form_follows_the_integer_arithmetic() {
        let w = [7.0, 3.0];
        let a = Lin::<2>::var(0, 7);
        let b = Lin::<2>::var(1, 3);
        // (5a - b) * 4 / 3 with a held factor: exact form, rounding in the constant.
        let x = (a.times(5) - b) * Lin::from(4) / 3;
        assert_eq!(x.value(), 42);
        assert!((x.trace().score(&w) - 42.0).abs() < 1e-4);
        assert_eq!(x.trace().terms, vec![(0, 20.0 / 3.0), (1, -4.0 / 3.0)]);
        // A capped term is a constant; an uncapped one keeps its form.
        assert_eq!(a.min_held(5).trace().terms, vec![]);
        assert_eq!(a.min_held(9).trace().terms, vec![(0, 1.0)]);
        // Negative values truncate towards zero like i32.
        let n = -a / 2;
        assert_eq!(n.value(), -3);
        assert!((n.trace().score(&w) + 3.0).abs() < 1e-4);
    }
}
