package org.morphdb.integrations.hibernate;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.Table;
import java.time.LocalDate;

@Entity
@Table(name = "visits")
public class Visit {
  @Id
  @GeneratedValue(strategy = GenerationType.IDENTITY)
  private Long id;

  @Column(name = "visit_date", nullable = false)
  private LocalDate visitDate;

  @Column(length = 255)
  private String description;

  @ManyToOne(fetch = FetchType.LAZY, optional = false)
  @JoinColumn(name = "pet_id")
  private Pet pet;

  protected Visit() {}

  public Visit(LocalDate visitDate, String description) {
    this.visitDate = visitDate;
    this.description = description;
  }

  public Long getId() { return id; }
  public LocalDate getVisitDate() { return visitDate; }
  public String getDescription() { return description; }
  public Pet getPet() { return pet; }
  void setPet(Pet pet) { this.pet = pet; }
}
