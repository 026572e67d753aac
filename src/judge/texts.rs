//! The judge's texts about hostile mail, each in one place.

use super::SignonLock;
use super::guessing::Failure;

/// The notes when wrong passwords lock a power: (to its player, to the
/// game master).
pub(super) fn signon_locked(f: &Failure, lock: SignonLock) -> (String, String) {
    let player = format!(
        "{n} wrong passwords for {who} in game {game} reached the judge within {m} minutes.\n\n\
         Sign-ons as {who} are now refused for a while, except in mail from the address \
         you play from, which works as before. If somebody is guessing your password, \
         choose a stronger one with SET PASSWORD.\n\n\
         You are told this once; further wrong passwords are not reported.\n",
        n = lock.after,
        who = f.display,
        game = f.game,
        m = lock.minutes
    );
    let master = format!(
        "{n} wrong passwords for {who} in game {game} reached the judge within {m} minutes. \
         Sign-ons as {who} from any other address than the player's own are refused until \
         fewer than {n} wrong passwords fall within the last {m} minutes. The player has \
         been told.\n",
        n = lock.after,
        who = f.display,
        game = f.game,
        m = lock.minutes
    );
    (player, master)
}

/// Why a sign-on to a locked power is refused.
pub(super) fn locked_refusal(display: &str, game: &str) -> String {
    format!(
        "sign-on refused: too many wrong passwords were given for {display} in game {game}; \
         for a while its sign-ons are accepted only from the address it plays from"
    )
}
