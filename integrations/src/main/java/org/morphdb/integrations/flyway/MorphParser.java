package org.morphdb.integrations.flyway;

import org.flywaydb.core.api.configuration.Configuration;
import org.flywaydb.core.internal.parser.Parser;
import org.flywaydb.core.internal.parser.ParsingContext;

/**
 * Splits migration scripts into statements. MorphDB has no stored procedures or other
 * BEGIN ... END blocks, so the standard rules (statements end at {@code ;}, strings in single
 * quotes, identifiers in double quotes, SQL comments) are all it needs.
 */
final class MorphParser extends Parser {
  MorphParser(Configuration configuration, ParsingContext parsingContext) {
    super(configuration, parsingContext, 2);
  }
}
