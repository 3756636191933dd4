package org.morphdb.engine.sql.exec;

import java.math.BigDecimal;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.util.NlsString;

/** A literal's value in the representation generated code uses for its type. */
final class Literals {
  private Literals() {}

  static Object value(RexLiteral lit) {
    if (lit.isNull()) {
      return null;
    }
    return switch (lit.getType().getSqlTypeName()) {
      case TINYINT -> lit.getValueAs(BigDecimal.class).byteValueExact();
      case SMALLINT -> lit.getValueAs(BigDecimal.class).shortValueExact();
      case INTEGER -> lit.getValueAs(BigDecimal.class).intValueExact();
      case BIGINT -> lit.getValueAs(BigDecimal.class).longValueExact();
      case DECIMAL -> lit.getValueAs(BigDecimal.class);
      case DOUBLE, FLOAT -> lit.getValueAs(Double.class);
      case REAL -> lit.getValueAs(Float.class);
      case CHAR, VARCHAR -> lit.getValueAs(NlsString.class).getValue();
      case BOOLEAN -> lit.getValueAs(Boolean.class);
      case DATE, TIME -> lit.getValueAs(Integer.class);
      case TIMESTAMP -> lit.getValueAs(Long.class);
      default -> throw new NotInterpretable("literal of type " + lit.getType());
    };
  }
}
