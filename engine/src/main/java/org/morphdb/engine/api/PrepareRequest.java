package org.morphdb.engine.api;

/** Asks the engine to parse and plan a statement for repeated execution. */
public record PrepareRequest(String sql) {}
