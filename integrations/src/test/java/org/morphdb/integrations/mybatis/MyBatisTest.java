package org.morphdb.integrations.mybatis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.apache.ibatis.datasource.unpooled.UnpooledDataSource;
import org.apache.ibatis.mapping.Environment;
import org.apache.ibatis.session.Configuration;
import org.apache.ibatis.session.SqlSession;
import org.apache.ibatis.session.SqlSessionFactory;
import org.apache.ibatis.session.SqlSessionFactoryBuilder;
import org.apache.ibatis.transaction.jdbc.JdbcTransactionFactory;
import org.junit.jupiter.api.Test;
import org.morphdb.integrations.TestDatabases;

/** MyBatis 3.5 on MorphDB: {@code useGeneratedKeys} fills the key property from the IDENTITY column. */
class MyBatisTest {

  private static SqlSessionFactory factory() {
    UnpooledDataSource ds = new UnpooledDataSource("org.morphdb.jdbc.MorphDriver",
        TestDatabases.freshUrl("mybatis"), null, null);
    Configuration configuration = new Configuration(
        new Environment("test", new JdbcTransactionFactory(), ds));
    configuration.addMapper(PetMapper.class);
    return new SqlSessionFactoryBuilder().build(configuration);
  }

  @Test
  void insertFillsTheGeneratedKey() {
    SqlSessionFactory factory = factory();
    try (SqlSession session = factory.openSession(true)) {
      session.getMapper(PetMapper.class).createTable();
    }
    Pet leo = new Pet("Leo", "cat");
    Pet max = new Pet("Max", "dog");
    try (SqlSession session = factory.openSession()) {
      PetMapper pets = session.getMapper(PetMapper.class);
      assertNull(leo.getId());
      assertEquals(1, pets.insert(leo));
      assertEquals(1, pets.insert(max));
      session.commit();
    }
    assertEquals(100L, leo.getId());
    assertEquals(110L, max.getId());

    try (SqlSession session = factory.openSession()) {
      PetMapper pets = session.getMapper(PetMapper.class);
      assertEquals("Max", pets.byId(110).getName());
      assertEquals(List.of("Leo", "Max"), pets.all().stream().map(Pet::getName).toList());
    }
  }

  @Test
  void rolledBackInsertDoesNotReuseItsKey() {
    SqlSessionFactory factory = factory();
    try (SqlSession session = factory.openSession(true)) {
      session.getMapper(PetMapper.class).createTable();
    }
    Pet lost = new Pet("Lost", "fish");
    try (SqlSession session = factory.openSession()) {
      session.getMapper(PetMapper.class).insert(lost);
      session.rollback();
    }
    Pet kept = new Pet("Kept", "fish");
    try (SqlSession session = factory.openSession()) {
      session.getMapper(PetMapper.class).insert(kept);
      session.commit();
    }
    assertEquals(100L, lost.getId());
    assertEquals(110L, kept.getId());
    try (SqlSession session = factory.openSession()) {
      assertEquals(List.of("Kept"),
          session.getMapper(PetMapper.class).all().stream().map(Pet::getName).toList());
    }
  }
}
