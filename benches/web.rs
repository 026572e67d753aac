//! Web page speed (issue 37): the demo game's Spring 1902 page (its
//! picture, results, orders, tables and press) served over loopback by
//! the pages `dipspy web` serves, one request at a time on a kept-alive
//! connection (the median is the figure; aim under 5 ms), then as many
//! requests as two clients can get answered in three seconds (aim at
//! least 1,000 a second on two cores). Run with `cargo bench --bench web`.

// criterion_group! writes a public function that cannot carry a doc comment.
#![allow(missing_docs)]

use criterion::{Criterion, criterion_group, criterion_main};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

/// The page measured.
const PAGE: &str = "/games/demo/S1902M";

/// A kept-alive HTTP/1.1 connection that asks for one page again and
/// again.
struct Client {
    out: TcpStream,
    inp: BufReader<TcpStream>,
    body: Vec<u8>,
}

impl Client {
    fn new(addr: SocketAddr) -> Client {
        let s = TcpStream::connect(addr).expect("the site listens");
        s.set_nodelay(true).unwrap();
        Client {
            inp: BufReader::new(s.try_clone().unwrap()),
            out: s,
            body: Vec::new(),
        }
    }

    /// One request for `path`, its whole answer read; its status.
    fn get(&mut self, path: &str) -> u16 {
        write!(
            self.out,
            "GET {path} HTTP/1.1\r\nHost: bench\r\nAccept-Language: en\r\n\r\n"
        )
        .unwrap();
        let mut line = String::new();
        self.inp.read_line(&mut line).unwrap();
        let status: u16 = line.split(' ').nth(1).unwrap().parse().unwrap();
        let mut length = 0usize;
        loop {
            line.clear();
            self.inp.read_line(&mut line).unwrap();
            if line == "\r\n" {
                break;
            }
            if let Some((k, v)) = line.split_once(':')
                && k.eq_ignore_ascii_case("content-length")
            {
                length = v.trim().parse().unwrap();
            }
        }
        self.body.resize(length, 0);
        self.inp.read_exact(&mut self.body).unwrap();
        status
    }
}

/// The demo played into a directory of its own, and its pages served.
fn site() -> (tempfile::TempDir, SocketAddr) {
    let dir = tempfile::tempdir().unwrap();
    let o = dipspy::demo::Options {
        fixtures: dipspy::demo::default_fixtures(),
        dir: Some(dir.path().to_path_buf()),
        all_mail: false,
    };
    dipspy::demo::run(&o, &mut std::io::sink()).expect("the demo plays");
    let db = dipspy::demo::database(dir.path());
    let w = dipspy::web::spawn("127.0.0.1:0", &db).expect("the pages are served");
    (dir, w.addr)
}

/// Requests answered per second by `clients` clients asking at once for
/// `secs` seconds.
fn throughput(addr: SocketAddr, clients: usize, secs: u64) -> f64 {
    let start = Instant::now();
    let until = start + Duration::from_secs(secs);
    let handles: Vec<_> = (0..clients)
        .map(|_| {
            std::thread::spawn(move || {
                let mut c = Client::new(addr);
                let mut n = 0u64;
                while Instant::now() < until {
                    assert_eq!(c.get(PAGE), 200);
                    n += 1;
                }
                n
            })
        })
        .collect();
    let total: u64 = handles.into_iter().map(|h| h.join().unwrap()).sum();
    total as f64 / start.elapsed().as_secs_f64()
}

fn pages(c: &mut Criterion) {
    let (_dir, addr) = site();
    let mut client = Client::new(addr);
    // The picture is drawn on the first request and kept.
    assert_eq!(client.get(PAGE), 200);
    assert!(client.body.len() > 50_000, "{} bytes", client.body.len());
    let mut group = c.benchmark_group("web");
    group.sample_size(200);
    group.bench_function("phase page over loopback", |b| {
        b.iter(|| assert_eq!(client.get(PAGE), 200))
    });
    group.bench_function("list of games over loopback", |b| {
        b.iter(|| assert_eq!(client.get("/"), 200))
    });
    group.finish();
    let rate = throughput(addr, 2, 3);
    println!("web/phase page, two clients at once: {rate:.0} requests/s");
}

criterion_group!(benches, pages);
criterion_main!(benches);
