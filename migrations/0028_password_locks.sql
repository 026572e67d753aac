-- Password guessing and mail amplification (issue 34).
--
-- Wrong master passwords, whatever address they came from (a power's
-- wrong passwords are in `signon_failures`).
CREATE TABLE master_failures (
    id      INTEGER PRIMARY KEY,
    person  TEXT    NOT NULL,
    at      TEXT    NOT NULL
);
CREATE INDEX master_failures_at ON master_failures(at);

-- A lock on a password: enough wrong passwords within the lock's window
-- lock a power (game_id and power) or the master password (both NULL)
-- from `locked_at` until `until`, for every sender but authenticated mail
-- from the registered address. `lifted_at`: the game master lifted it
-- (`master unlock`) before its end.
CREATE TABLE password_locks (
    id        INTEGER PRIMARY KEY,
    game_id   INTEGER REFERENCES games(id) ON DELETE CASCADE,
    power     TEXT,
    locked_at TEXT    NOT NULL,
    until     TEXT    NOT NULL,
    lifted_at TEXT,
    CHECK ((game_id IS NULL) = (power IS NULL))
);
CREATE INDEX password_locks_target ON password_locks(game_id, power, until);

-- Every mail to an address in no game (not a player, an observer or the
-- master) is marked, so the judge-wide limit on such mail counts them
-- all: replies, codes, notices.
ALTER TABLE outbox ADD COLUMN stranger INTEGER NOT NULL DEFAULT 0 CHECK (stranger IN (0, 1));
UPDATE outbox SET stranger = 1
    WHERE inbox_id IN (SELECT id FROM inbox WHERE answer = 'stranger');
CREATE INDEX outbox_stranger ON outbox(created_at) WHERE stranger = 1;

-- One open OBSERVE request per address and game: a repeat refreshes it.
DELETE FROM observe_requests
    WHERE status = 'pending'
      AND id NOT IN (SELECT max(id) FROM observe_requests
                     WHERE status = 'pending' GROUP BY game_id, email);
CREATE UNIQUE INDEX observe_requests_open ON observe_requests(game_id, email)
    WHERE status = 'pending';
