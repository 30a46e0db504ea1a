//! `--executor local|ray` and the Ray options, shared by the commands that play
//! many games (`tournament`, `match`), turned into an [`Executor`].

use std::path::PathBuf;

use crate::executor::{Executor, Local, Ray};

/// Where games are played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ExecutorKind {
    /// Worker threads in this process (--concurrency).
    Local,
    /// A Ray cluster (--ray-address), through the cluster/ Python package.
    Ray,
}

/// The executor options.
#[derive(Debug, Clone, clap::Args)]
pub struct ExecutorArgs {
    /// Where games are played: local threads or a Ray cluster (docs/scale.md).
    #[arg(long, value_enum, default_value_t = ExecutorKind::Local)]
    pub executor: ExecutorKind,
    /// The Ray cluster's address, HOST:PORT (as `ray start --head` prints it).
    #[arg(long, value_name = "HOST:PORT", required_if_eq("executor", "ray"))]
    pub ray_address: Option<String>,
    /// The Python interpreter with Ray installed.
    #[arg(long, value_name = "PYTHON", default_value = "python3")]
    pub ray_python: PathBuf,
    /// The microply binary the workers run, at the same path on every node
    /// (default: this binary).
    #[arg(long, value_name = "PATH")]
    pub ray_binary: Option<PathBuf>,
    /// The folder holding the microply_cluster package (default: this source tree's cluster/).
    #[arg(long, value_name = "DIR")]
    pub ray_package: Option<PathBuf>,
    /// Games per Ray task (default: about four tasks per cluster CPU).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub ray_chunk: Option<u64>,
    /// How often Ray retries a task whose worker died or that failed.
    #[arg(long, value_name = "N", default_value_t = 3)]
    pub ray_retries: u32,
}

impl ExecutorArgs {
    /// The executor; `threads` for the local one.
    ///
    /// # Errors
    /// The path of this binary cannot be found (for the Ray workers).
    pub fn executor(&self, threads: usize) -> anyhow::Result<Box<dyn Executor>> {
        Ok(match (self.executor, &self.ray_address) {
            (ExecutorKind::Local, _) => Box::new(Local { threads }),
            (ExecutorKind::Ray, None) => {
                anyhow::bail!("--executor ray needs --ray-address HOST:PORT")
            }
            (ExecutorKind::Ray, Some(address)) => Box::new(Ray {
                address: address.clone(),
                python: self.ray_python.clone(),
                package: self
                    .ray_package
                    .clone()
                    .unwrap_or_else(Ray::default_package),
                binary: match &self.ray_binary {
                    Some(path) => path.clone(),
                    None => std::env::current_exe()?,
                },
                chunk: self.ray_chunk.map(|n| n as usize),
                retries: self.ray_retries,
            }),
        })
    }
}
