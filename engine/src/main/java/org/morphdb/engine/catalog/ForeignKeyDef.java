package org.morphdb.engine.catalog;

import java.util.List;

/**
 * A FOREIGN KEY: the child table's columns refer to the parent table's primary key. It is
 * kept on both tables' definitions (once when they are the same table), since writes of
 * either must respect it: a child row needs its parent row, a parent row's delete or key
 * change acts on its children. Adding one changes both tables' versions and is not
 * forward-compatible; dropping one is.
 *
 * @param state ENFORCED while an online ADD validates the existing rows, then VALID
 */
public record ForeignKeyDef(int id, String name, int childTableId, List<Integer> childColumns,
    int parentTableId, List<Integer> parentColumns, RefAction onDelete, RefAction onUpdate,
    ConstraintState state) {

  public ForeignKeyDef {
    childColumns = List.copyOf(childColumns);
    parentColumns = List.copyOf(parentColumns);
  }

  /** What a delete or key update of a parent row does to the children that refer to it. */
  public enum RefAction {
    NO_ACTION, RESTRICT, CASCADE, SET_NULL, SET_DEFAULT;

    public String sql() { return name().replace('_', ' '); }
  }

  public boolean isChild(int tableId) { return childTableId == tableId; }

  public boolean isParent(int tableId) { return parentTableId == tableId; }

  public ForeignKeyDef withState(ConstraintState newState) {
    return new ForeignKeyDef(id, name, childTableId, childColumns, parentTableId, parentColumns,
        onDelete, onUpdate, newState);
  }
}
