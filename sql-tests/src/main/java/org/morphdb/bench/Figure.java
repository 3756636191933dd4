package org.morphdb.bench;

/** One measured figure and a short note on how it came about (may be null). */
record Figure(double value, String detail) {}
