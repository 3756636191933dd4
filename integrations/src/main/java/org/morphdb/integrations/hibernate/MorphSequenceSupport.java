package org.morphdb.integrations.hibernate;

import org.hibernate.dialect.sequence.SequenceSupport;

/** Standard sequences: {@code NEXT VALUE FOR s}, selectable without a FROM clause. */
public final class MorphSequenceSupport implements SequenceSupport {
  public static final MorphSequenceSupport INSTANCE = new MorphSequenceSupport();

  private MorphSequenceSupport() {}

  @Override
  public String getSelectSequenceNextValString(String sequenceName) {
    return "next value for " + sequenceName;
  }

  @Override
  public String getSelectSequencePreviousValString(String sequenceName) {
    return "current value for " + sequenceName;
  }

  @Override
  public String getSequenceNextValString(String sequenceName) {
    return "values " + getSelectSequenceNextValString(sequenceName);
  }

  @Override
  public String getFromDual() {
    return "";
  }

  @Override
  public String getDropSequenceString(String sequenceName) {
    return "drop sequence if exists " + sequenceName;
  }
}
