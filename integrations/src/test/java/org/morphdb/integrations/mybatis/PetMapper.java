package org.morphdb.integrations.mybatis;

import java.util.List;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Options;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;

/** An annotation-only mapper: the insert asks for the IDENTITY key back. */
public interface PetMapper {
  @Update("CREATE TABLE pet (id BIGINT GENERATED ALWAYS AS IDENTITY (START WITH 100 INCREMENT BY 10)"
      + " PRIMARY KEY, name VARCHAR(40) NOT NULL, kind VARCHAR(20))")
  void createTable();

  @Insert("INSERT INTO pet (name, kind) VALUES (#{name}, #{kind})")
  @Options(useGeneratedKeys = true, keyProperty = "id", keyColumn = "ID")
  int insert(Pet pet);

  @Select("SELECT id, name, kind FROM pet WHERE id = #{id}")
  Pet byId(long id);

  @Select("SELECT id, name, kind FROM pet ORDER BY id")
  List<Pet> all();
}
