//! Training the checkers 32-5-3-1 network on the host: the network in `f64` with
//! back-propagation ([`Net`]), seeded mini-batch training with early stopping
//! ([`train()`]), quantisation to the core's fixed point and the check that the core
//! follows the `f64` network ([`agreement()`]), the weights file, and the base network
//! by regression onto the baseline's search ([`bootstrap`]). See docs/checkers-network.md.

pub mod agreement;
pub mod bootstrap;
pub mod file;
pub mod fit;
pub mod net;
pub mod sample;
pub mod train;

pub use agreement::{agreement, Agreement};
pub use file::{read_weights, write_weights, WeightsFileError};
pub use fit::{fit, fit_from, FitError, Fitted};
pub use net::{Net, OutOfRange};
pub use sample::Sample;
pub use train::{train, train_from, EpochLoss, TrainConfig, TrainError, TrainReport, TrainState};
