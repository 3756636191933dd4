package org.morphdb.engine.storage;

/** One key as a scan sees it: the key, its visible value, and the ts of that version. */
public record Entry(Key key, Object value, long ts) {}
