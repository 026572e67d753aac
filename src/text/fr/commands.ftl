# dipspy: the commands words, fr (joined after ../fr.ftl; a key lives in one file only).
