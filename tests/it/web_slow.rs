//! The site bounds the time a request's head may take (issue 37,
//! "bounded request sizes, header sizes and time"): a client that opens a
//! connection and sends its head too slowly (a slow-loris) has the
//! connection closed by the site after `HEAD_TIME` (10 seconds), while
//! the site goes on answering others.

use crate::support::secret_log_game::G;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

/// One whole request for `/` on a new connection: the status line.
fn status_line(addr: std::net::SocketAddr) -> String {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    s.write_all(b"GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        .unwrap();
    let mut answer = Vec::new();
    s.read_to_end(&mut answer).unwrap();
    String::from_utf8_lossy(&answer)
        .lines()
        .next()
        .unwrap_or("")
        .to_string()
}

#[test]
fn a_request_head_sent_too_slowly_is_cut_off_and_the_site_goes_on() {
    let g = G::new(&[]);
    let addr = dipspy::web::spawn("127.0.0.1:0", &g.db).unwrap().addr;
    let mut slow = TcpStream::connect(addr).unwrap();
    // Well past the site's 10 seconds, so that only a site with no bound
    // on the head's time leaves the read waiting until this one ends.
    slow.set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    slow.write_all(b"GET / HTTP/1.1\r\nHost: localhost\r\n")
        .unwrap();
    // The head never ends; meanwhile others are answered.
    assert_eq!(status_line(addr), "HTTP/1.1 200 OK");
    let mut answer = Vec::new();
    match slow.read_to_end(&mut answer) {
        Ok(_) => {}
        Err(e) => panic!("the slow connection was left open: {e}"),
    }
    let text = String::from_utf8_lossy(&answer);
    assert!(
        text.is_empty() || text.starts_with("HTTP/1.1 408"),
        "the slow head was answered as a request: {text}"
    );
    assert_eq!(status_line(addr), "HTTP/1.1 200 OK");
}
