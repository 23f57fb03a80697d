//! A `fairyrules serve` process for tests, and a minimal HTTP/1.1 client over a TCP socket
//! (one request per connection), so that tests can send exactly the bytes they mean,
//! malformed or oversized ones included.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use serde_json::Value;

/// A running server; killed when dropped.
pub struct Server {
    child: Child,
    /// Where it listens.
    pub addr: SocketAddr,
    /// Its page's address (`http://127.0.0.1:PORT/`).
    pub url: String,
    /// What it printed at start-up.
    pub banner: String,
}

impl Server {
    /// Start `fairyrules serve --port 0 ARGS...` in the crate's folder and wait for the
    /// address it prints.
    pub fn start(args: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_fairyrules"))
            .arg("serve")
            .args(["--port", "0"])
            .args(args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start fairyrules serve");
        let mut banner = String::new();
        BufReader::new(child.stdout.take().expect("stdout"))
            .read_line(&mut banner)
            .expect("read the start-up line");
        let url = banner
            .split_whitespace()
            .find(|w| w.starts_with("http://"))
            .unwrap_or_else(|| {
                let _ = child.kill();
                panic!("no address in the start-up line {banner:?}")
            })
            .to_string();
        let addr: SocketAddr = url
            .trim_start_matches("http://")
            .trim_end_matches('/')
            .parse()
            .expect("a socket address");
        Server {
            child,
            addr,
            url,
            banner,
        }
    }

    /// Send one request; the status, the response headers (lower-case names) and the body.
    pub fn raw(&self, request: &[u8]) -> Response {
        let mut stream = TcpStream::connect(self.addr).expect("connect");
        stream
            .set_read_timeout(Some(Duration::from_secs(60)))
            .unwrap();
        // The server may answer (and close) before an oversized body is all sent.
        let _ = stream.write_all(request);
        let mut bytes = Vec::new();
        let _ = stream.read_to_end(&mut bytes);
        Response::parse(&bytes)
    }

    /// A request with a body, `Host` set to this server, `Connection: close`.
    pub fn send(
        &self,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: &[u8],
    ) -> Response {
        let mut head = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\nContent-Length: {}\r\n",
            self.addr,
            body.len()
        );
        for (k, v) in headers {
            head.push_str(&format!("{k}: {v}\r\n"));
        }
        head.push_str("\r\n");
        let mut request = head.into_bytes();
        request.extend_from_slice(body);
        self.raw(&request)
    }

    /// `GET path`.
    pub fn get(&self, path: &str) -> Response {
        self.send("GET", path, &[], b"")
    }

    /// `POST path` with a JSON body.
    pub fn post(&self, path: &str, body: &Value) -> Response {
        self.send(
            "POST",
            path,
            &[("Content-Type", "application/json")],
            body.to_string().as_bytes(),
        )
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An HTTP response.
#[derive(Debug)]
pub struct Response {
    /// Status code (0 if none was read).
    pub status: u16,
    /// Headers, names in lower case.
    pub headers: Vec<(String, String)>,
    /// The body (chunked encoding undone).
    pub body: String,
}

impl Response {
    fn parse(bytes: &[u8]) -> Response {
        let text = String::from_utf8_lossy(bytes);
        let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
        let mut lines = head.lines();
        let status = lines
            .next()
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|s| s.parse().ok())
            .unwrap_or(0);
        let headers: Vec<(String, String)> = lines
            .filter_map(|l| l.split_once(':'))
            .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
            .collect();
        let chunked = headers
            .iter()
            .any(|(k, v)| k == "transfer-encoding" && v.contains("chunked"));
        let body = if chunked {
            dechunk(body)
        } else {
            body.to_string()
        };
        Response {
            status,
            headers,
            body,
        }
    }

    /// A header's value.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// The body as JSON (panics with the body if it is not).
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): status {} {:?}", self.status, self.body))
    }

    /// The `error` of a JSON error body (panics if there is none).
    pub fn error(&self) -> String {
        self.json()["error"]
            .as_str()
            .unwrap_or_else(|| panic!("no `error` in {}", self.body))
            .to_string()
    }
}

fn dechunk(mut body: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = body.split_once("\r\n") {
        let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if n == 0 || rest.len() < n {
            break;
        }
        out.push_str(&rest[..n]);
        body = rest[n..].trim_start_matches("\r\n");
    }
    out
}
