/**
 * The hybrid logical clock ({@link org.morphdb.engine.clock.HybridClock}): one per
 * database, stamping operations, commits and catalog activations with {@code long}
 * timestamps {@code (physicalMillis << 16) | logical}.
 */
package org.morphdb.engine.clock;
