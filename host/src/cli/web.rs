//! `microply web`: serves the browser page on localhost.

use crate::web::WebServer;

/// Binds `port` (0: any free one), prints the URL and serves until interrupted.
///
/// # Errors
/// The port cannot be bound.
pub fn run(port: u16) -> anyhow::Result<()> {
    let server = WebServer::bind(port)?;
    println!("microply web: open {}", server.url()?);
    server.serve();
    Ok(())
}
