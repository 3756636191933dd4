package org.morphdb.engine;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.morphdb.engine.api.Databases;
import org.morphdb.engine.api.ExecuteRequest;
import org.morphdb.engine.api.Response;
import org.morphdb.engine.api.Session;

/** Small helpers for engine tests that talk to the api directly. */
final class EngineFixture {
  private EngineFixture() {}

  static Session open(String db, String... options) {
    Map<String, String> opts = new java.util.HashMap<>();
    for (String o : options) {
      String[] kv = o.split("=", 2);
      opts.put(kv[0], kv[1]);
    }
    return Databases.connect(db, opts);
  }

  static long update(Session s, String sql) {
    return s.execute(ExecuteRequest.sql(sql)).updateCount();
  }

  static List<List<Object>> query(Session s, String sql) {
    Response r = s.execute(ExecuteRequest.sql(sql));
    List<List<Object>> rows = new ArrayList<>();
    while (r.rows().next()) {
      rows.add(Arrays.asList(r.rows().current().clone()));
    }
    return rows;
  }

  static List<List<Object>> rows(Object[]... rows) {
    List<List<Object>> out = new ArrayList<>();
    for (Object[] r : rows) {
      out.add(Arrays.asList(r));
    }
    return out;
  }
}
