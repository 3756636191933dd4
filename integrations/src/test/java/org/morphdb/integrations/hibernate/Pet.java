package org.morphdb.integrations.hibernate;

import jakarta.persistence.CascadeType;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.OneToMany;
import jakarta.persistence.OrderBy;
import jakarta.persistence.Table;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

/** Relations are mapped, but no FOREIGN KEY constraint is generated: MorphDB has none yet. */
@Entity
@Table(name = "pets")
public class Pet {
  @Id
  @GeneratedValue(strategy = GenerationType.IDENTITY)
  private Long id;

  @Column(length = 30, nullable = false)
  private String name;

  @Column(name = "birth_date")
  private LocalDate birthDate;

  @ManyToOne(fetch = FetchType.LAZY, optional = false)
  @JoinColumn(name = "type_id")
  private PetType type;

  @ManyToOne(fetch = FetchType.LAZY, optional = false)
  @JoinColumn(name = "owner_id")
  private Owner owner;

  @OneToMany(mappedBy = "pet", cascade = CascadeType.ALL, orphanRemoval = true)
  @OrderBy("visitDate")
  private List<Visit> visits = new ArrayList<>();

  protected Pet() {}

  public Pet(String name, LocalDate birthDate, PetType type) {
    this.name = name;
    this.birthDate = birthDate;
    this.type = type;
  }

  public Visit addVisit(Visit visit) {
    visits.add(visit);
    visit.setPet(this);
    return visit;
  }

  public Long getId() { return id; }
  public String getName() { return name; }
  public LocalDate getBirthDate() { return birthDate; }
  public PetType getType() { return type; }
  public Owner getOwner() { return owner; }
  void setOwner(Owner owner) { this.owner = owner; }
  public List<Visit> getVisits() { return visits; }
}
