# dipspy: the replies words, de (joined after ../de.ftl; a key lives in one file only).
