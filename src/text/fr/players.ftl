# dipspy: the players words, fr (joined after ../fr.ftl; a key lives in one file only).
