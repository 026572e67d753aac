//! The connections: HTTP/1 on one address, each connection with a bound
//! on the size of a request's head and on the time to send it, and a
//! bound on how many are served at once.

use super::{Site, WebError, router};
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::net::SocketAddr;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

/// The address `dipspy web` listens on unless told otherwise: loopback
/// only, for a reverse proxy in front.
pub const DEFAULT_LISTEN: &str = "127.0.0.1:8080";

/// The largest request head (request line and headers) read, in bytes.
const MAX_HEAD: usize = 16 * 1024;

/// The most headers a request may have.
const MAX_HEADERS: usize = 64;

/// How long a client has to send a request's head.
const HEAD_TIME: Duration = Duration::from_secs(10);

/// How many connections are served at once; more wait to be accepted.
const CONNECTIONS: usize = 512;

/// A site listening in threads of its own ([`spawn`]).
pub struct Listening {
    /// The address it listens on (the port chosen, when 0 was given).
    pub addr: SocketAddr,
}

/// Serves the pages of the database `db` on `listen` until SIGINT or
/// SIGTERM; `ready` is told the address once it listens.
pub fn serve(listen: &str, db: &Path, ready: impl FnOnce(SocketAddr)) -> Result<(), WebError> {
    serve_site(listen, Site::open(db)?, ready)
}

/// Serves `site` (with the judge's pages, when it has them) on `listen`
/// until SIGINT or SIGTERM; `ready` is told the address once it listens.
pub fn serve_site(
    listen: &str,
    site: Site,
    ready: impl FnOnce(SocketAddr),
) -> Result<(), WebError> {
    let site = Arc::new(site);
    let rt = runtime()?;
    rt.block_on(async move {
        let listener = TcpListener::bind(listen).await?;
        ready(listener.local_addr()?);
        tokio::select! {
            served = start(listener, site) => served,
            () = stopped() => Ok(()),
        }
    })
}

/// Resolves when the process is told to stop (SIGINT or SIGTERM).
async fn stopped() {
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending().await,
        }
    };
    tokio::select! {
        _ = tokio::signal::ctrl_c() => {}
        () = term => {}
    }
}

/// Serves the pages of the database `db` on `listen` in threads of its
/// own (beside the mail loop of `dipspy serve`); returns once it listens.
pub fn spawn(listen: &str, db: &Path) -> Result<Listening, WebError> {
    spawn_site(listen, Site::open(db)?)
}

/// Serves `site` (with the judge's pages, when it has them) on `listen`
/// in threads of its own; returns once it listens.
pub fn spawn_site(listen: &str, site: Site) -> Result<Listening, WebError> {
    let site = Arc::new(site);
    let rt = runtime()?;
    let listener = rt.block_on(TcpListener::bind(listen))?;
    let addr = listener.local_addr()?;
    std::thread::Builder::new()
        .name("dipspy-web".into())
        .spawn(move || {
            if let Err(e) = rt.block_on(start(listener, site)) {
                tracing::error!(error = %e, "the web pages stopped");
            }
        })?;
    Ok(Listening { addr })
}

/// The runtime of the pages: two workers, and threads for the reads.
fn runtime() -> std::io::Result<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .max_blocking_threads(16)
        .thread_name("dipspy-web")
        .enable_all()
        .build()
}

/// Accepts connections on `listener` and serves `site`'s pages on each,
/// for ever.
pub async fn start(listener: TcpListener, site: Arc<Site>) -> Result<(), WebError> {
    let app = router(site);
    let slots = Arc::new(Semaphore::new(CONNECTIONS));
    loop {
        let Ok(slot) = Arc::clone(&slots).acquire_owned().await else {
            return Ok(());
        };
        let stream = match listener.accept().await {
            Ok((s, _)) => s,
            Err(e) => {
                // Out of file descriptors, or a connection reset before
                // it was accepted: wait a little and go on.
                tracing::warn!(error = %e, "a web connection could not be accepted");
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        let service = TowerToHyperService::new(app.clone());
        tokio::spawn(async move {
            let served = http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(HEAD_TIME)
                .max_buf_size(MAX_HEAD)
                .max_headers(MAX_HEADERS)
                .serve_connection(TokioIo::new(stream), service)
                .await;
            if let Err(e) = served {
                tracing::debug!(error = %e, "a web connection ended badly");
            }
            drop(slot);
        });
    }
}
