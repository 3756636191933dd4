package org.morphdb.integrations.mybatis;

/** A mutable bean, as MyBatis fills it: {@code id} is set from the generated key. */
public class Pet {
  private Long id;
  private String name;
  private String kind;

  public Pet() {}

  public Pet(String name, String kind) {
    this.name = name;
    this.kind = kind;
  }

  public Long getId() { return id; }
  public void setId(Long id) { this.id = id; }
  public String getName() { return name; }
  public void setName(String name) { this.name = name; }
  public String getKind() { return kind; }
  public void setKind(String kind) { this.kind = kind; }
}
