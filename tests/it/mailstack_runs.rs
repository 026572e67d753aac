//! The mail stack of the end-to-end tests (`tests/it/support/mailstack.rs`) counts only
//! its own run's mail: OpenSMTPD keeps its queue in the system spool,
//! whatever its configuration, so mail an earlier stack left undelivered
//! would otherwise be delivered into the next stack's mailboxes and make
//! a test pass or fail. A stack empties the spool when it starts, and
//! counts only mail that its own smtpd took (its run's name is in the
//! Received header).

use crate::support::mailstack;

use mailstack::{JUDGE, MailStack};
use std::process::Command;

#[test]
fn mail_an_earlier_stack_left_queued_is_purged_and_never_counted() {
    // A stack whose Dovecot is stopped: its smtpd takes a mail for alice
    // and keeps it queued, unable to deliver it; then the stack is gone.
    let first = MailStack::start();
    let stopped = Command::new("dovecot")
        .arg("-c")
        .arg(first.path().join("dovecot.conf"))
        .arg("stop")
        .status()
        .unwrap();
    assert!(stopped.success());
    let before = mailstack::spool_messages();
    first.send_text("bob@example.org", "left", "left behind", "left-behind");
    let left: Vec<String> = mailstack::spool_messages()
        .into_iter()
        .filter(|m| !before.contains(m))
        .collect();
    assert!(!left.is_empty(), "the mail waits in the spool");
    let first_run = first.run.clone();
    drop(first);

    // The next stack: the leftover is no longer queued, and its boxes
    // hold only its own mail.
    let stack = MailStack::start();
    assert_ne!(stack.run, first_run);
    let queued = mailstack::spool_messages();
    assert!(
        left.iter().all(|m| !queued.contains(m)),
        "left over: {left:?} in {queued:?}"
    );
    stack.send_text("bob@example.org", "mine", "this run's", "this-run");
    let got = stack.wait_for(JUDGE, 1);
    assert_eq!(got.len(), 1);
    assert!(stack.took(&got[0].0));

    // A leftover that did arrive (written straight into the mailbox, as
    // an earlier run's smtpd would have delivered it) is not counted.
    let new = stack.path().join("mail").join(JUDGE).join("new");
    std::fs::write(
        new.join("1.leftover.localhost"),
        format!(
            "Received: from localhost (localhost [127.0.0.1])\r\n\tby {first_run} (OpenSMTPD) \
             with ESMTP id 0badf00d\r\nFrom: bob@example.org\r\nTo: {JUDGE}\r\n\
             Subject: left\r\nMessage-ID: <left-behind@player.example.org>\r\n\r\nleft behind\r\n"
        ),
    )
    .unwrap();
    assert_eq!(stack.whole_inbox(JUDGE).len(), 2, "the leftover is there");
    assert_eq!(stack.inbox(JUDGE).len(), 1, "and not counted");
}
