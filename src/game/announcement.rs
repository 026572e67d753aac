//! An announcement as the words layer reads it ([`Announcement`]): the
//! notice it was recorded with and the words stored with it, whatever row
//! of the store holds them. `src/text` puts it into a reader's words
//! without naming the store.

use crate::store::AnnouncementRow;

/// A recorded announcement: its notice (code and arguments as JSON,
/// migrations 0020, 0022) and the subject and body stored with it (empty
/// for a typed one, which stores no words).
pub trait Announcement {
    /// The notice as JSON, if one was recorded.
    fn notice(&self) -> Option<&str>;
    /// The subject stored with it.
    fn subject(&self) -> &str;
    /// The body stored with it.
    fn body(&self) -> &str;
    /// Puts a reader's words in place of the stored ones.
    fn set_words(&mut self, subject: String, body: String);
}

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
