# dipspy: the players words, en (joined after ../en.ftl; a key lives in one file only).
