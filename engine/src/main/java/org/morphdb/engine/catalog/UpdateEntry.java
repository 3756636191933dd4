package org.morphdb.engine.catalog;

import java.util.HashMap;
import java.util.Map;

/**
 * One small change to a catalog; a DDL step is a list of entries applied together to make
 * the next {@link Catalog} version. Each entry is a pure function of the catalog.
 */
public sealed interface UpdateEntry {

  Catalog apply(Catalog catalog);

  /** Adds a table, or replaces the table with the same id (renames, column and constraint changes). */
  record PutTable(TableDef table) implements UpdateEntry {
    @Override
    public Catalog apply(Catalog c) {
      Map<Integer, TableDef> tables = new HashMap<>(c.tablesById());
      tables.put(table.id(), table);
      return c.with(tables, c.viewsByName(), Math.max(c.nextId(), table.id() + 1));
    }
  }

  record DropTable(int tableId) implements UpdateEntry {
    @Override
    public Catalog apply(Catalog c) {
      Map<Integer, TableDef> tables = new HashMap<>(c.tablesById());
      tables.remove(tableId);
      return c.with(tables, c.viewsByName(), c.nextId());
    }
  }

  /** Reserves ids [nextId, nextId + count) so they are never handed out again. */
  record ReserveIds(int count) implements UpdateEntry {
    @Override
    public Catalog apply(Catalog c) {
      return c.with(c.tablesById(), c.viewsByName(), c.nextId() + count);
    }
  }

  record PutView(ViewDef view) implements UpdateEntry {
    @Override
    public Catalog apply(Catalog c) {
      Map<String, ViewDef> views = new HashMap<>(c.viewsByName());
      views.put(view.schema() + "." + view.name(), view);
      return c.with(c.tablesById(), views, Math.max(c.nextId(), view.id() + 1));
    }
  }

  record DropView(String schema, String name) implements UpdateEntry {
    @Override
    public Catalog apply(Catalog c) {
      Map<String, ViewDef> views = new HashMap<>(c.viewsByName());
      views.remove(schema + "." + name);
      return c.with(c.tablesById(), views, c.nextId());
    }
  }

  /** Adds a sequence, or replaces the one with the same name (ALTER SEQUENCE). */
  record PutSequence(SequenceDef sequence) implements UpdateEntry {
    @Override
    public Catalog apply(Catalog c) {
      Map<String, SequenceDef> sequences = new HashMap<>(c.sequencesByName());
      sequences.put(sequence.qualifiedName(), sequence);
      return c.withSequences(sequences, Math.max(c.nextId(), sequence.id() + 1));
    }
  }

  record DropSequence(String schema, String name) implements UpdateEntry {
    @Override
    public Catalog apply(Catalog c) {
      Map<String, SequenceDef> sequences = new HashMap<>(c.sequencesByName());
      sequences.remove(schema + "." + name);
      return c.withSequences(sequences, c.nextId());
    }
  }

  /** Moves an index to a new F1 state (never changes the table version). */
  record SetIndexState(int tableId, int indexId, IndexState state) implements UpdateEntry {
    @Override
    public Catalog apply(Catalog c) {
      TableDef t = c.table(tableId).orElseThrow();
      var indexes = new java.util.ArrayList<>(t.indexes());
      if (state == IndexState.ABSENT) {
        indexes.removeIf(i -> i.id() == indexId);
      } else {
        indexes.replaceAll(i -> i.id() == indexId ? i.withState(state) : i);
      }
      return new PutTable(t.withIndexes(indexes)).apply(c);
    }
  }
}
