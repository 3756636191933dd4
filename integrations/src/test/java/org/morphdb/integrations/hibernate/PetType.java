package org.morphdb.integrations.hibernate;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.SequenceGenerator;
import jakarta.persistence.Table;

/** A pet type; its id comes from a sequence, to exercise the dialect's sequence support. */
@Entity
@Table(name = "types")
public class PetType {
  @Id
  @GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "types_seq")
  @SequenceGenerator(name = "types_seq", sequenceName = "types_seq", allocationSize = 10)
  private Long id;

  @Column(length = 80, nullable = false, unique = true)
  private String name;

  protected PetType() {}

  public PetType(String name) {
    this.name = name;
  }

  public Long getId() { return id; }
  public String getName() { return name; }
}
