//! `fairyrules serve [FILE|DIR ...] [--port N]`: a local web page to see, play and author
//! variants, over a small JSON API (see [`api`]).
//!
//! - The page (`web/` in the repository: one HTML file, a style sheet and a script, no build
//!   step) is compiled into the binary, so the binary serves it on its own.
//! - Safe by default: it listens on 127.0.0.1 only unless `--host` says otherwise; it reads
//!   the files and folders given on the command line once, at start-up, and nothing else,
//!   and never writes a file; it answers only requests addressed to its own host name (no
//!   DNS rebinding) from its own page (no other site's scripts); every request's size and
//!   the time and depth of what it computes are limited ([`limits`]), and anything else is
//!   refused with a JSON error.
//! - No game is kept on the server: each request carries the game (variant, start
//!   position, moves), so many tabs play at once.

mod api;
mod game;
mod library;
mod limits;
mod perft;

use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use axum::extract::{DefaultBodyLimit, Request, State};
use axum::http::{header, HeaderValue, Method, StatusCode, Uri};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use tokio::sync::Semaphore;

use api::{ApiError, App};
use library::Library;
use limits::{LIGHT_SLOTS, MAX_BODY_BYTES};

/// Arguments of `fairyrules serve`.
#[derive(clap::Args, Debug, Clone)]
pub struct ServeArgs {
    /// Variant files, or folders whose `.toml` files are loaded (default: `variants/`).
    pub paths: Vec<PathBuf>,
    /// Port to listen on (0: any free port; the address is printed at start-up).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// Address to listen on. Anything but a loopback address lets other machines reach the
    /// page.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: IpAddr,
}

/// The page's files.
const INDEX_HTML: &str = include_str!("../../../web/index.html");
const APP_JS: &str = include_str!("../../../web/app.js");
const STYLE_CSS: &str = include_str!("../../../web/style.css");

/// What the page's own files may load: only themselves (the board pictures are inline SVG).
const CSP: &str = "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; \
                   object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

fn asset(content_type: &'static str, body: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, content_type),
            (header::CONTENT_SECURITY_POLICY, CSP),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response()
}

async fn index() -> Response {
    asset("text/html; charset=utf-8", INDEX_HTML)
}

async fn app_js() -> Response {
    asset("text/javascript; charset=utf-8", APP_JS)
}

async fn style_css() -> Response {
    asset("text/css; charset=utf-8", STYLE_CSS)
}

async fn not_found(method: Method, uri: Uri) -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        format!("no such page or API endpoint: {method} {}", uri.path()),
    )
}

async fn wrong_method(method: Method, uri: Uri) -> ApiError {
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        format!("{} does not take {method}", uri.path()),
    )
}

/// The host names this server answers to.
struct Hosts {
    names: Vec<String>,
    /// Listening on every address (`--host 0.0.0.0`): any host name is accepted.
    any: bool,
}

impl Hosts {
    fn new(bound: IpAddr) -> Hosts {
        let mut names = vec![
            "localhost".to_string(),
            "127.0.0.1".to_string(),
            "[::1]".to_string(),
        ];
        names.push(match bound {
            IpAddr::V4(a) => a.to_string(),
            IpAddr::V6(a) => format!("[{a}]"),
        });
        Hosts {
            names,
            any: bound.is_unspecified(),
        }
    }

    /// Whether a `Host` header value (`name:port`) names this server.
    fn allows(&self, host: &str) -> bool {
        let name = if host.starts_with('[') {
            host.split_inclusive(']').next().unwrap_or("")
        } else {
            host.split(':').next().unwrap_or("")
        };
        self.any || self.names.iter().any(|n| n.eq_ignore_ascii_case(name))
    }
}

/// Refuse requests addressed to another host name (DNS rebinding) or sent by another site's
/// page (`Origin` not this server); mark every answer `nosniff` and API answers `no-store`.
async fn guard(State(hosts): State<Arc<Hosts>>, req: Request, next: Next) -> Response {
    let host = req
        .headers()
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("")
        .to_string();
    if !hosts.allows(&host) {
        return ApiError::new(
            StatusCode::FORBIDDEN,
            format!("this server answers requests to localhost only, not to `{host}`"),
        )
        .into_response();
    }
    if let Some(origin) = req.headers().get(header::ORIGIN) {
        let origin = origin.to_str().unwrap_or("");
        if origin != format!("http://{host}") {
            return ApiError::new(
                StatusCode::FORBIDDEN,
                format!("requests from other sites' pages are refused (Origin `{origin}`)"),
            )
            .into_response();
        }
    }
    let api = req.uri().path().starts_with("/api/");
    let mut response = next.run(req).await;
    let headers = response.headers_mut();
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    if api {
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    response
}

/// The server's routes.
fn router(app: Arc<App>, hosts: Arc<Hosts>) -> Router {
    Router::new()
        .route("/", get(index))
        .route("/app.js", get(app_js))
        .route("/style.css", get(style_css))
        .route("/api/variants", get(api::variants))
        .route("/api/variants/{id}", get(api::variant_source))
        .route("/api/validate", post(api::validate))
        .route("/api/state", post(api::state))
        .route("/api/piece", post(api::piece))
        .route("/api/explain", post(api::explain_piece))
        .route("/api/engine", post(api::engine))
        .route("/api/perft", post(api::perft))
        .fallback(not_found)
        .method_not_allowed_fallback(wrong_method)
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        .layer(middleware::from_fn_with_state(hosts, guard))
        .with_state(app)
}

/// Run `fairyrules serve` until interrupted.
pub fn run(args: ServeArgs) -> Result<ExitCode, String> {
    let paths = if args.paths.is_empty() {
        vec![PathBuf::from("variants")]
    } else {
        args.paths.clone()
    };
    let library = Library::load(&paths)?;
    if library.variants.is_empty() {
        return Err(format!(
            "error: no variant files in {} (give files or folders, or run from the project root)",
            paths
                .iter()
                .map(|p| p.display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    let cores = std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1);
    let app = Arc::new(App {
        library,
        light: Arc::new(Semaphore::new(LIGHT_SLOTS)),
        heavy: Arc::new(Semaphore::new(cores)),
    });
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(cores.min(4))
        .enable_all()
        .build()
        .map_err(|e| format!("error: cannot start the server's runtime: {e}"))?;
    let served = runtime.block_on(async move {
        let addr = SocketAddr::new(args.host, args.port);
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .map_err(|e| format!("error: cannot listen on {addr}: {e}"))?;
        let local = listener
            .local_addr()
            .map_err(|e| format!("error: cannot read the listening address: {e}"))?;
        let broken = app
            .library
            .variants
            .iter()
            .filter(|v| v.rules.is_err())
            .count();
        println!(
            "fairyrules serve: http://{local}/ ({} variant{}{}; Ctrl-C stops)",
            app.library.variants.len(),
            if app.library.variants.len() == 1 {
                ""
            } else {
                "s"
            },
            if broken > 0 {
                format!(", {broken} with errors")
            } else {
                String::new()
            }
        );
        if !args.host.is_loopback() {
            eprintln!("warning: listening on {local}: other machines can reach the page");
        }
        use std::io::Write;
        let _ = std::io::stdout().flush();
        let hosts = Arc::new(Hosts::new(args.host));
        axum::serve(listener, router(app, hosts))
            .with_graceful_shutdown(async {
                let _ = tokio::signal::ctrl_c().await;
            })
            .await
            .map_err(|e| format!("error: the server stopped: {e}"))
    });
    // Computations still running (each bounded by the limits) are not waited for.
    runtime.shutdown_timeout(std::time::Duration::from_millis(200));
    served?;
    Ok(ExitCode::SUCCESS)
}
