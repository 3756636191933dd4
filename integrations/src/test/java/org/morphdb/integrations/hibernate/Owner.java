package org.morphdb.integrations.hibernate;

import jakarta.persistence.CascadeType;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.OneToMany;
import jakarta.persistence.OrderBy;
import jakarta.persistence.Table;
import java.util.ArrayList;
import java.util.List;

@Entity
@Table(name = "owners")
public class Owner {
  @Id
  @GeneratedValue(strategy = GenerationType.IDENTITY)
  private Long id;

  @Column(name = "first_name", length = 30, nullable = false)
  private String firstName;

  @Column(name = "last_name", length = 30, nullable = false)
  private String lastName;

  @Column(length = 80)
  private String city;

  @Column(length = 20)
  private String telephone;

  @OneToMany(mappedBy = "owner", cascade = CascadeType.ALL, orphanRemoval = true)
  @OrderBy("name")
  private List<Pet> pets = new ArrayList<>();

  protected Owner() {}

  public Owner(String firstName, String lastName, String city, String telephone) {
    this.firstName = firstName;
    this.lastName = lastName;
    this.city = city;
    this.telephone = telephone;
  }

  public Pet addPet(Pet pet) {
    pets.add(pet);
    pet.setOwner(this);
    return pet;
  }

  public Long getId() { return id; }
  public String getFirstName() { return firstName; }
  public String getLastName() { return lastName; }
  public String getCity() { return city; }
  public void setCity(String city) { this.city = city; }
  public String getTelephone() { return telephone; }
  public List<Pet> getPets() { return pets; }
}
