package org.morphdb.schemasync;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import org.junit.jupiter.api.Test;

/** The scenarios run on the transport the build asked for, not silently on another. */
class TransportTest {
  @Test
  void scenariosUseTheTransportOfTheSystemProperty() throws SQLException {
    try (Scenario db = Scenario.open()) {
      boolean server = "server".equals(System.getProperty(Transport.PROPERTY));
      assertEquals(server, db.url().startsWith("jdbc:morph://localhost:"), db.url());
      assertTrue(db.admin().isValid(1));
    }
  }
}
