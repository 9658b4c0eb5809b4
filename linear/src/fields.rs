//! A `Weights` struct seen as a list of named integer fields, so the flat weight vector
//! of [`Linear`](crate::Linear), the weight names and the Rust source of the weights are
//! derived from one list per evaluator instead of being written out for each.

use crate::WeightInfo;

/// The shape of a field: a number, an array, or an array of rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    Scalar,
    Array(usize),
    Table(usize, usize),
}

/// One field of a `Weights` struct: its values row by row, borrowed from the struct.
#[derive(Debug)]
pub struct Field<'a> {
    pub name: &'static str,
    pub shape: Shape,
    pub values: &'a mut [i32],
    /// Whether the tuner may change it.
    pub tunable: bool,
}

impl<'a> Field<'a> {
    pub fn scalar(name: &'static str, value: &'a mut i32) -> Field<'a> {
        let values = std::slice::from_mut(value);
        Field {
            name,
            shape: Shape::Scalar,
            values,
            tunable: true,
        }
    }

    pub fn array<const N: usize>(name: &'static str, values: &'a mut [i32; N]) -> Field<'a> {
        Field {
            name,
            shape: Shape::Array(N),
            values,
            tunable: true,
        }
    }

    pub fn table<const R: usize, const C: usize>(
        name: &'static str,
        values: &'a mut [[i32; C]; R],
    ) -> Field<'a> {
        let values = values.as_flattened_mut();
        Field {
            name,
            shape: Shape::Table(R, C),
            values,
            tunable: true,
        }
    }

    /// The same field, held at its value by the tuner.
    pub fn held(self) -> Field<'a> {
        Field {
            tunable: false,
            ..self
        }
    }

    /// The name of its `i`-th value: `tempo`, `material[2]`, `pst_mg[3][17]`.
    pub fn value_name(&self, i: usize) -> String {
        match self.shape {
            Shape::Scalar => self.name.to_string(),
            Shape::Array(_) => format!("{}[{i}]", self.name),
            Shape::Table(_, cols) => format!("{}[{}][{}]", self.name, i / cols, i % cols),
        }
    }
}

/// A `Weights` struct as its fields, in the order of the flat weight vector. Implement
/// `fields` by destructuring the struct without `..`, so a new field that is not listed
/// fails to compile.
pub trait WeightFields: Clone + Default {
    fn fields(&mut self) -> Vec<Field<'_>>;
}

/// The name and tunability of every value of `W`, in vector order.
pub fn weight_info<W: WeightFields>() -> Vec<WeightInfo> {
    let mut w = W::default();
    w.fields()
        .iter()
        .flat_map(|f| {
            (0..f.values.len()).map(|i| WeightInfo {
                name: f.value_name(i),
                tunable: f.tunable,
            })
        })
        .collect()
}

/// Every value of `w` in one flat vector.
pub fn to_vector<W: WeightFields>(w: &W) -> Vec<f64> {
    let mut w = w.clone();
    w.fields()
        .iter()
        .flat_map(|f| f.values.iter().map(|&v| v as f64))
        .collect()
}

/// The weights whose flat vector is `v`, each rounded to the nearest integer.
///
/// # Panics
/// If `v` does not have one value per weight of `W` (a tuner bug, not an input error).
pub fn from_vector<W: WeightFields>(v: &[f64]) -> W {
    let mut w = W::default();
    let mut fields = w.fields();
    let len: usize = fields.iter().map(|f| f.values.len()).sum();
    assert_eq!(
        v.len(),
        len,
        "a weight vector of {} values for {len} weights",
        v.len()
    );
    let mut rest = v;
    for f in &mut fields {
        let (these, next) = rest.split_at(f.values.len());
        for (value, x) in f.values.iter_mut().zip(these) {
            *value = x.round() as i32;
        }
        rest = next;
    }
    drop(fields);
    w
}

/// The index in the flat vector of the first value of field `name`.
pub fn field_offset<W: WeightFields>(name: &str) -> Option<usize> {
    let mut w = W::default();
    let mut offset = 0;
    for f in w.fields() {
        if f.name == name {
            return Some(offset);
        }
        offset += f.values.len();
    }
    None
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A small `Weights` with a held scalar, an array and a table, for the helpers' tests.
    #[derive(Clone, Debug, PartialEq)]
    pub(crate) struct Toy {
        pub scale: i32,
        pub bonus: [i32; 3],
        pub table: [[i32; 10]; 2],
    }

    impl Default for Toy {
        fn default() -> Toy {
            Toy {
                scale: 7,
                bonus: [-5, 0, 12],
                table: [
                    [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
                    [-100, 0, 0, 0, 0, 0, 0, 0, 0, 3],
                ],
            }
        }
    }

    impl WeightFields for Toy {
        fn fields(&mut self) -> Vec<Field<'_>> {
            let Toy {
                scale,
                bonus,
                table,
            } = self;
            vec![
                Field::scalar("scale", scale).held(),
                Field::array("bonus", bonus),
                Field::table("table", table),
            ]
        }
    }

    #[test]
    fn names_follow_the_vector_order() {
        let info = weight_info::<Toy>();
        assert_eq!(info.len(), 1 + 3 + 20);
        assert_eq!((info[0].name.as_str(), info[0].tunable), ("scale", false));
        assert_eq!((info[3].name.as_str(), info[3].tunable), ("bonus[2]", true));
        assert_eq!(info[4].name, "table[0][0]");
        assert_eq!(info[23].name, "table[1][9]");
        let v = to_vector(&Toy::default());
        assert_eq!((v[0], v[3], v[14], v[23]), (7.0, 12.0, -100.0, 3.0));
        assert_eq!(field_offset::<Toy>("table"), Some(4));
        assert_eq!(field_offset::<Toy>("nothing"), None);
    }

    #[test]
    fn from_vector_rounds_to_nearest() {
        let mut v = to_vector(&Toy::default());
        v[1] = -4.6;
        v[23] = 2.5001;
        v[4] = 0.49;
        let w: Toy = from_vector(&v);
        assert_eq!((w.bonus[0], w.table[1][9], w.table[0][0]), (-5, 3, 0));
        assert_eq!(
            from_vector::<Toy>(&to_vector(&Toy::default())),
            Toy::default()
        );
    }
}
