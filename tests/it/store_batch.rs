//! `Store::batch` and `Store::write`: several writes committed together,
//! a failed inner write undone alone, a failed batch undone whole.

use dipspy::store::{AnnouncementKind, Audience, DbError, DbResult, NewAnnouncement, Store, Tx};

fn announce(c: &Tx<'_>, game: i64, body: &str) -> DbResult<i64> {
    c.insert_announcement(&NewAnnouncement {
        game_id: game,
        phase: None,
        audience: &Audience::All,
        kind: AnnouncementKind::Game,
        subject: "s",
        body,
        created_at: "2026-01-01T00:00:00Z",
    })
}

fn setup() -> (tempfile::TempDir, Store, i64) {
    let dir = tempfile::tempdir().unwrap();
    let mut st = crate::support::words::open_store(&dir.path().join("g.sqlite")).unwrap();
    let game = st
        .write(|c| c.insert_game("g", "standard", "", "{}", "2026-01-01T00:00:00Z"))
        .unwrap();
    (dir, st, game)
}

fn bodies(st: &Store, game: i64) -> Vec<String> {
    st.read()
        .announcements(game)
        .unwrap()
        .into_iter()
        .map(|a| a.body)
        .collect()
}

#[test]
fn batch_commits_all_its_writes_together() {
    let (_d, mut st, game) = setup();
    st.batch(|st| {
        st.write(|c| announce(c, game, "one"))?;
        assert!(st.in_transaction());
        st.write(|c| announce(c, game, "two"))?;
        Ok::<_, DbError>(())
    })
    .unwrap();
    assert!(!st.in_transaction());
    assert_eq!(bodies(&st, game), ["one", "two"]);
}

#[test]
fn failed_write_inside_batch_is_undone_alone() {
    let (_d, mut st, game) = setup();
    st.batch(|st| {
        st.write(|c| announce(c, game, "kept"))?;
        let r: Result<(), DbError> = st.write(|c| {
            announce(c, game, "undone")?;
            Err(DbError::from(rusqlite::Error::InvalidQuery))
        });
        assert!(r.is_err());
        st.write(|c| announce(c, game, "after"))?;
        Ok::<_, DbError>(())
    })
    .unwrap();
    assert_eq!(bodies(&st, game), ["kept", "after"]);
}

#[test]
fn failed_batch_is_undone_whole() {
    let (_d, mut st, game) = setup();
    let r: Result<(), DbError> = st.batch(|st| {
        st.write(|c| announce(c, game, "one"))?;
        Err(DbError::from(rusqlite::Error::InvalidQuery))
    });
    assert!(r.is_err());
    assert!(bodies(&st, game).is_empty());
    // The store is usable afterwards.
    st.write(|c| announce(c, game, "later")).unwrap();
    assert_eq!(bodies(&st, game), ["later"]);
}

#[test]
fn panic_inside_batch_rolls_back() {
    let (_d, mut st, game) = setup();
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        let _ = st.batch(|st| {
            st.write(|c| announce(c, game, "lost"))?;
            if game > 0 {
                panic!("handler bug");
            }
            Ok::<_, DbError>(())
        });
    }));
    assert!(r.is_err());
    assert!(!st.in_transaction());
    assert!(bodies(&st, game).is_empty());
    st.write(|c| announce(c, game, "later")).unwrap();
    assert_eq!(bodies(&st, game), ["later"]);
}
