# dipspy: the engine words, fr (joined after ../fr.ftl; a key lives in one file only).
