//! The store's announcement row read as the words layer reads an
//! announcement ([`crate::text::notice::Announcement`]): the mail loop,
//! HISTORY and the views put it into each reader's words without the
//! words naming the store.

use crate::store::AnnouncementRow;
use crate::text::notice::Announcement;

impl Announcement for AnnouncementRow {
    fn notice(&self) -> Option<&str> {
        self.notice.as_deref()
    }

    fn subject(&self) -> &str {
        &self.subject
    }

    fn body(&self) -> &str {
        &self.body
    }

    fn set_words(&mut self, subject: String, body: String) {
        self.subject = subject;
        self.body = body;
    }
}
