package org.morphdb.engine.sql.plan;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.ToLongFunction;
import org.apache.calcite.jdbc.CalciteSchema;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.schema.SchemaPlus;
import org.apache.calcite.schema.impl.AbstractSchema;
import org.morphdb.engine.catalog.Catalog;
import org.morphdb.engine.catalog.TableDef;
import org.morphdb.engine.catalog.ViewDef;

/**
 * Calcite's view of one catalog version: a root schema with a sub-schema per catalog schema
 * (PUBLIC at least) holding every table and view, plus INFORMATION_SCHEMA and SYS. Two roots
 * are kept, without and (built on first use) with the {@code $ROWKEY} column; views are
 * shared and always typed and expanded without row keys.
 */
final class MorphSchemaFactory {
  private final Catalog catalog;
  private final ToLongFunction<TableDef> rowCount;
  private final Map<String, MorphViewTable> views = new LinkedHashMap<>();
  private final CalciteSchema plain;
  private volatile CalciteSchema withRowKey;

  /**
   * @param viewTyper derives a view's row type, given the schemas to validate it against
   */
  MorphSchemaFactory(Catalog catalog, ToLongFunction<TableDef> rowCount,
      BiFunction<MorphSchemaFactory, ViewDef, RelDataType> viewTyper) {
    this.catalog = catalog;
    this.rowCount = rowCount;
    for (ViewDef v : catalog.views()) {
      views.put(v.schema() + "." + v.name(), new MorphViewTable(v, d -> viewTyper.apply(this, d)));
    }
    this.plain = build(false);
  }

  Catalog catalog() {
    return catalog;
  }

  /** The root schema, with or without row keys. */
  CalciteSchema root(boolean exposeRowKey) {
    if (!exposeRowKey) {
      return plain;
    }
    CalciteSchema s = withRowKey;
    if (s == null) {
      synchronized (this) {
        if (withRowKey == null) {
          withRowKey = build(true);
        }
        s = withRowKey;
      }
    }
    return s;
  }

  MorphViewTable view(ViewDef v) {
    return views.get(v.schema() + "." + v.name());
  }

  private CalciteSchema build(boolean exposeRowKey) {
    CalciteSchema root = CalciteSchema.createRootSchema(false, false);
    SchemaPlus plus = root.plus();
    schema(plus, Catalog.DEFAULT_SCHEMA);
    for (TableDef t : catalog.tables()) {
      schema(plus, t.schema()).add(t.name(),
          new MorphTable(t, exposeRowKey, rowCount.applyAsLong(t)));
    }
    for (MorphViewTable v : views.values()) {
      schema(plus, v.view().schema()).add(v.view().name(), v);
    }
    for (SystemTables.Table t : SystemTables.ALL) {
      schema(plus, t.schema()).add(t.name(), new MorphSystemTable(t));
    }
    return root;
  }

  private static SchemaPlus schema(SchemaPlus root, String name) {
    SchemaPlus s = root.subSchemas().get(name);
    return s != null ? s : root.add(name, new AbstractSchema());
  }
}
