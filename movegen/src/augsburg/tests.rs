//! Rule tests from the seed text and RULES.md section 2.
