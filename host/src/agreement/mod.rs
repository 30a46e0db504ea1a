//! Agreement of Dots-and-Boxes weights with the exact solver: a seeded set of
//! solved positions ([`positions`], the solver's optimal moves from [`optimal`]) and
//! the share of them on which a weight set's search picks an optimal move
//! ([`validate`]). Used by `microply train --validate` and `experiment validate`.

pub mod optimal;
pub mod positions;
pub mod validate;
