package org.morphdb.engine.sql.plan;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Properties;
import org.apache.calcite.adapter.java.JavaTypeFactory;
import org.apache.calcite.config.CalciteConnectionConfig;
import org.apache.calcite.config.CalciteConnectionConfigImpl;
import org.apache.calcite.config.CalciteConnectionProperty;
import org.apache.calcite.config.NullCollation;
import org.apache.calcite.jdbc.JavaTypeFactoryImpl;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql.validate.SqlConformance;
import org.apache.calcite.sql.validate.SqlConformanceEnum;
import org.apache.calcite.sql.validate.SqlDelegatingConformance;
import org.apache.calcite.sql.validate.SqlValidator;
import org.apache.calcite.sql2rel.SqlToRelConverter;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;
import org.morphdb.engine.sql.parser.MorphParser;

/**
 * The SQL dialect settings shared by parsing, validation and conversion. NULLs sort as the
 * lowest values (first in ASC, last in DESC), as in H2 and SQLite.
 */
final class SqlConfig {
  /** Calcite's LENIENT conformance, with ragged CASE/UNION strings typed VARCHAR. */
  static final SqlConformance CONFORMANCE = new MorphConformance();

  static final SqlValidator.Config VALIDATOR = SqlValidator.Config.DEFAULT
      .withConformance(CONFORMANCE)
      .withDefaultNullCollation(NullCollation.LOW)
      .withIdentifierExpansion(true)
      .withTypeCoercionEnabled(true)
      .withTypeCoercionFactory(MorphTypeCoercion::new);

  static final SqlToRelConverter.Config TO_REL = SqlToRelConverter.config()
      .withExpand(false)
      .withTrimUnusedFields(false)
      .withDecorrelationEnabled(true)
      .withInSubQueryThreshold(Integer.MAX_VALUE)
      // RexSimplify ran on every projection built; plans need no simplifying to run, and the
      // full optimizer's rules simplify what they rewrite anyway
      .withRelBuilderConfigTransform(c -> c.withSimplify(false));

  static final CalciteConnectionConfig CONNECTION = connectionConfig();

  private SqlConfig() {}

  /** A type factory for one planning run (type factories are not thread-safe). */
  static JavaTypeFactory typeFactory() {
    return new JavaTypeFactoryImpl(MorphTypeSystem.INSTANCE) {
      @Override
      public Charset getDefaultCharset() {
        return StandardCharsets.UTF_8;
      }
    };
  }

  static SqlNode parse(String sql) {
    return MorphParser.parse(sql);
  }

  static SqlNode parseExpression(String expr) {
    try {
      return SqlParser.create(expr, MorphParser.CONFIG).parseExpression();
    } catch (SqlParseException e) {
      throw new MorphException(ErrorCode.SYNTAX_ERROR, "Syntax error in expression '" + expr
          + "': " + firstLine(e.getMessage()), e);
    }
  }

  private static String firstLine(String s) {
    if (s == null) {
      return "syntax error";
    }
    int nl = s.indexOf('\n');
    return nl < 0 ? s : s.substring(0, nl);
  }

  private static CalciteConnectionConfig connectionConfig() {
    Properties p = new Properties();
    p.setProperty(CalciteConnectionProperty.CASE_SENSITIVE.camelName(), "true");
    p.setProperty(CalciteConnectionProperty.CONFORMANCE.camelName(), SqlConformanceEnum.LENIENT.name());
    return new CalciteConnectionConfigImpl(p);
  }

  /** LENIENT, plus: CASE and set operations over strings of different lengths give VARCHAR. */
  private static final class MorphConformance extends SqlDelegatingConformance {
    MorphConformance() {
      super(SqlConformanceEnum.LENIENT);
    }

    @Override
    public boolean shouldConvertRaggedUnionTypesToVarying() {
      return true;
    }
  }
}
