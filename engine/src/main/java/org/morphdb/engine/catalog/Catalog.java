package org.morphdb.engine.catalog;

import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One immutable catalog version: every table and view, as of {@link #activationTs()}.
 * Versions are appended to the {@link CatalogLog}; a version is never modified. The next
 * version is made by applying {@link UpdateEntry update entries} with {@link #next}.
 */
public final class Catalog {
  public static final String DEFAULT_SCHEMA = "PUBLIC";

  private final int version;
  private final long activationTs;
  private final int nextId;
  private final String statement;
  private final Map<Integer, TableDef> tablesById;
  private final Map<String, TableDef> tablesByName;
  private final Map<String, ViewDef> views;
  private final Map<String, SequenceDef> sequences;

  /**
   * @param version      catalog version number (0 for the empty catalog)
   * @param activationTs HLC timestamp from which this version is in force
   * @param nextId       next id for tables, columns, indexes, constraints (ids are never reused)
   * @param statement    the DDL statement (and step) that produced this version
   */
  public Catalog(int version, long activationTs, int nextId, String statement,
      Map<Integer, TableDef> tablesById, Map<String, ViewDef> views) {
    this(version, activationTs, nextId, statement, tablesById, views, Map.of());
  }

  /** @param sequences named sequences by qualified name ({@code SCHEMA.NAME}) */
  public Catalog(int version, long activationTs, int nextId, String statement,
      Map<Integer, TableDef> tablesById, Map<String, ViewDef> views, Map<String, SequenceDef> sequences) {
    this.version = version;
    this.activationTs = activationTs;
    this.nextId = nextId;
    this.statement = statement;
    this.tablesById = Map.copyOf(tablesById);
    this.views = Map.copyOf(views);
    this.sequences = Map.copyOf(sequences);
    Map<String, TableDef> byName = new HashMap<>();
    for (TableDef t : tablesById.values()) {
      byName.put(t.qualifiedName(), t);
    }
    this.tablesByName = Map.copyOf(byName);
  }

  public static Catalog empty() {
    return new Catalog(0, 0L, 1, "", Map.of(), Map.of());
  }

  public int version() { return version; }

  public long activationTs() { return activationTs; }

  public int nextId() { return nextId; }

  public String statement() { return statement; }

  public Optional<TableDef> table(String schema, String name) {
    return Optional.ofNullable(tablesByName.get(schema + "." + name));
  }

  public Optional<TableDef> table(int id) {
    return Optional.ofNullable(tablesById.get(id));
  }

  public Collection<TableDef> tables() { return tablesById.values(); }

  public Map<Integer, TableDef> tablesById() { return tablesById; }

  public Collection<ViewDef> views() { return views.values(); }

  public Map<String, ViewDef> viewsByName() { return views; }

  public Optional<ViewDef> view(String schema, String name) {
    return Optional.ofNullable(views.get(schema + "." + name));
  }

  public Optional<SequenceDef> sequence(String schema, String name) {
    return Optional.ofNullable(sequences.get(schema + "." + name));
  }

  public Map<String, SequenceDef> sequencesByName() { return sequences; }

  /** The table owning the index with this name in the schema, if any. */
  public Optional<TableDef> tableOfIndex(String schema, String indexName) {
    for (TableDef t : tablesById.values()) {
      if (t.schema().equals(schema) && t.index(indexName).isPresent()) {
        return Optional.of(t);
      }
    }
    return Optional.empty();
  }

  /** The next version: these entries applied in order, active from {@code activationTs}. */
  public Catalog next(List<UpdateEntry> entries, long activationTs, String statement) {
    Catalog c = this;
    for (UpdateEntry e : entries) {
      c = e.apply(c);
    }
    return new Catalog(version + 1, activationTs, c.nextId, statement, c.tablesById, c.views, c.sequences);
  }

  /** A copy with different contents (used by update entries; version fields unchanged). */
  Catalog with(Map<Integer, TableDef> newTables, Map<String, ViewDef> newViews, int newNextId) {
    return new Catalog(version, activationTs, newNextId, statement, newTables, newViews, sequences);
  }

  /** A copy with different sequences (used by update entries). */
  Catalog withSequences(Map<String, SequenceDef> newSequences, int newNextId) {
    return new Catalog(version, activationTs, newNextId, statement, tablesById, views, newSequences);
  }

  @Override
  public String toString() {
    return "Catalog{v" + version + " @" + activationTs + ", " + tablesById.size() + " tables}";
  }
}
