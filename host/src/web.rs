//! The browser page, embedded in the binary: the files of `web/www/` (the page, its
//! worker and the committed wasm engine) served on localhost by `microply web`.

use std::net::SocketAddr;

use anyhow::Context;
use tiny_http::{Header, Response, Server};

/// One embedded file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Asset {
    /// Its URL path, starting with `/`.
    pub path: &'static str,
    /// Its `Content-Type`.
    pub content_type: &'static str,
    /// Its bytes.
    pub bytes: &'static [u8],
}

macro_rules! asset {
    ($name:literal, $type:literal) => {
        Asset {
            path: concat!("/", $name),
            content_type: $type,
            bytes: include_bytes!(concat!("../../web/www/", $name)),
        }
    };
}

/// Every file of the page (`web/www/`; a test checks none is left out).
pub const ASSETS: [Asset; 8] = [
    asset!("index.html", "text/html; charset=utf-8"),
    asset!("style.css", "text/css; charset=utf-8"),
    asset!("app.js", "text/javascript; charset=utf-8"),
    asset!("boards.js", "text/javascript; charset=utf-8"),
    asset!("games.js", "text/javascript; charset=utf-8"),
    asset!("worker.js", "text/javascript; charset=utf-8"),
    asset!("engine.js", "text/javascript; charset=utf-8"),
    asset!("engine.wasm", "application/wasm"),
];

/// The asset at a request's URL (`/` is the page; a query string is ignored).
#[must_use]
pub fn lookup(url: &str) -> Option<&'static Asset> {
    let path = url.split(['?', '#']).next().unwrap_or(url);
    let path = if path == "/" { "/index.html" } else { path };
    ASSETS.iter().find(|asset| asset.path == path)
}

/// The page's server, bound to a local port.
pub struct WebServer {
    server: Server,
}

impl WebServer {
    /// Binds `127.0.0.1:port` (0 for any free port).
    ///
    /// # Errors
    /// The port is taken or not allowed.
    pub fn bind(port: u16) -> anyhow::Result<WebServer> {
        let server = Server::http(("127.0.0.1", port))
            .map_err(|e| anyhow::anyhow!("cannot listen on 127.0.0.1:{port}: {e}"))?;
        Ok(WebServer { server })
    }

    /// The page's address.
    ///
    /// # Errors
    /// The listener has no IP address (cannot happen for a TCP bind).
    pub fn url(&self) -> anyhow::Result<String> {
        let address: SocketAddr = self
            .server
            .server_addr()
            .to_ip()
            .context("the server has no IP address")?;
        Ok(format!("http://{address}/"))
    }

    /// Answers requests until the process ends.
    pub fn serve(&self) {
        for request in self.server.incoming_requests() {
            let response = match lookup(request.url()) {
                Some(asset) => Response::from_data(asset.bytes)
                    .with_header(header("Content-Type", asset.content_type))
                    .with_header(header("Cache-Control", "no-cache")),
                None => Response::from_string("not found").with_status_code(404),
            };
            // A client that went away is its own problem.
            let _ = request.respond(response);
        }
    }
}

fn header(name: &str, value: &str) -> Header {
    // Both are ASCII constants of this file.
    Header::from_bytes(name.as_bytes(), value.as_bytes()).expect("ASCII header")
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{Read, Write};

    #[test]
    fn every_file_of_the_page_folder_is_embedded() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../web/www");
        let mut files: Vec<String> = std::fs::read_dir(dir)
            .expect("web/www")
            .map(|e| format!("/{}", e.expect("entry").file_name().to_string_lossy()))
            .collect();
        files.sort();
        let mut embedded: Vec<String> = ASSETS.iter().map(|a| a.path.to_owned()).collect();
        embedded.sort();
        assert_eq!(files, embedded);
    }

    #[test]
    fn the_root_is_the_page_and_unknown_paths_are_not_found() {
        assert_eq!(lookup("/").map(|a| a.path), Some("/index.html"));
        assert_eq!(
            lookup("/engine.wasm?v=1").map(|a| a.content_type),
            Some("application/wasm")
        );
        assert_eq!(lookup("/../Cargo.toml"), None);
    }

    #[test]
    fn a_request_gets_the_embedded_bytes() {
        let server = WebServer::bind(0).expect("bind");
        let url = server.url().expect("url");
        let address = url
            .trim_start_matches("http://")
            .trim_end_matches('/')
            .to_owned();
        std::thread::spawn(move || server.serve());
        let mut stream = std::net::TcpStream::connect(address).expect("connect");
        stream
            .write_all(b"GET /engine.js HTTP/1.0\r\n\r\n")
            .expect("request");
        let mut response = Vec::new();
        stream.read_to_end(&mut response).expect("response");
        let engine_js = lookup("/engine.js").expect("asset").bytes;
        assert!(
            response.starts_with(b"HTTP/1.0 200"),
            "{:?}",
            String::from_utf8_lossy(&response)
        );
        assert!(response.ends_with(engine_js));
    }
}
