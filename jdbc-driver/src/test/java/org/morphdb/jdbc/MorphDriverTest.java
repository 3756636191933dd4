package org.morphdb.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class MorphDriverTest {
  private final MorphDriver driver = new MorphDriver();

  @Test
  void parsesNameAndOptionsWithCaseInsensitiveKeys() throws SQLException {
    MorphUrl url = MorphUrl.parse("jdbc:morph:mem:shop;NODES=3;locktimeout=50;AutoRetry=FALSE;unsafe=Stale-Cache;", null);
    assertEquals("shop", url.name());
    assertEquals(Map.of("nodes", "3", "lockTimeout", "50", "autoRetry", "false", "unsafe", "stale-cache"),
        url.options());
    assertFalse(url.autoRetry());
    assertEquals(10, url.maxRetries());
  }

  @Test
  void defaultsForConnectionOptions() throws SQLException {
    MorphUrl url = MorphUrl.parse("jdbc:morph:mem:a", new Properties());
    assertTrue(url.autoRetry());
    assertEquals(10, url.maxRetries());
    assertEquals(Map.of(), url.options());
  }

  @Test
  void propertiesMergeInAndTheUrlWins() throws SQLException {
    Properties info = new Properties();
    info.setProperty("MAXRETRIES", "3");
    info.setProperty("nodes", "4");
    info.setProperty("user", "sa");
    info.setProperty("password", "secret");
    info.setProperty("someToolSetting", "x");
    MorphUrl url = MorphUrl.parse("jdbc:morph:mem:a;nodes=2", info);
    assertEquals(Map.of("nodes", "2", "maxRetries", "3"), url.options());
    assertEquals(3, url.maxRetries());
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "jdbc:morph:mem:", "jdbc:morph:mem:;nodes=1", "jdbc:morph:mem:a;nodes", "jdbc:morph:mem:a;=3",
      "jdbc:morph:mem:a;colour=red", "jdbc:morph:mem:a;nodes=two", "jdbc:morph:mem:a;nodes=-1",
      "jdbc:morph:mem:a;keep=maybe", "jdbc:morph:mem:a;unsafe=yes", "jdbc:morph:mem:a;nodes=1;NODES=2",
      "jdbc:morph:file:", "jdbc:morph:mem:file:x", "jdbc:morph:"})
  void malformedMorphUrlsFailWith08001(String url) {
    SQLException e = assertThrows(SQLException.class, () -> driver.connect(url, new Properties()));
    assertEquals("08001", e.getSQLState());
    assertInstanceOf(SQLNonTransientConnectionException.class, e);
    assertTrue(e.getMessage().contains(url), e.getMessage());
  }

  @Test
  void badValueInPropertiesIs08001() {
    Properties info = new Properties();
    info.setProperty("maxRetries", "many");
    SQLException e = assertThrows(SQLException.class, () -> driver.connect("jdbc:morph:mem:a", info));
    assertEquals("08001", e.getSQLState());
  }

  @Test
  void foreignUrlsAreNotOurs() throws SQLException {
    assertNull(driver.connect("jdbc:h2:mem:test", new Properties()));
    assertFalse(driver.acceptsURL("jdbc:h2:mem:test"));
    assertTrue(driver.acceptsURL("jdbc:morph:mem:x"));
    assertTrue(driver.acceptsURL("JDBC:MORPH:mem:x"));
    assertThrows(SQLException.class, () -> driver.connect(null, new Properties()));
  }

  @Test
  void propertyInfoListsEveryOption() {
    DriverPropertyInfo[] info = driver.getPropertyInfo("jdbc:morph:mem:x;lag=7", new Properties());
    List<String> names = Arrays.stream(info).map(p -> p.name).toList();
    assertEquals(Arrays.stream(DriverOption.values()).map(DriverOption::key).toList(), names);
    assertTrue(names.containsAll(List.of("nodes", "delay", "lockTimeout", "completenessTimeout", "lag", "unsafe",
        "keep", "backfillShare", "durability", "writeDelay", "ifExists", "node", "autoRetry", "maxRetries",
        "ddlInTransaction")));
    DriverPropertyInfo lag = Arrays.stream(info).filter(p -> p.name.equals("lag")).findFirst().orElseThrow();
    assertEquals("7", lag.value);
    DriverPropertyInfo unsafe = Arrays.stream(info).filter(p -> p.name.equals("unsafe")).findFirst().orElseThrow();
    assertEquals(List.of("stale-cache", "skip-states"), List.of(unsafe.choices));
    DriverPropertyInfo autoRetry = Arrays.stream(info).filter(p -> p.name.equals("autoRetry")).findFirst().orElseThrow();
    assertEquals("true", autoRetry.value);
    // a malformed URL still gets the list
    assertEquals(DriverOption.values().length, driver.getPropertyInfo("jdbc:morph:mem:x;bogus", null).length);
  }

  @Test
  void versionAndCompliance() {
    assertEquals(MorphVersion.MAJOR, driver.getMajorVersion());
    assertEquals(MorphVersion.MINOR, driver.getMinorVersion());
    assertFalse(driver.jdbcCompliant());
  }

  @Test
  void registeredWithDriverManager() throws SQLException {
    Driver found = DriverManager.getDriver("jdbc:morph:mem:anything");
    assertInstanceOf(MorphDriver.class, found);
  }
}
