package org.morphdb.engine.sql.plan;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.io.StringReader;
import java.util.HashMap;
import java.util.Map;
import org.apache.calcite.adapter.enumerable.EnumerableRel;
import org.apache.calcite.adapter.enumerable.EnumerableRelImplementor;
import org.apache.calcite.linq4j.tree.ClassDeclaration;
import org.apache.calcite.linq4j.tree.Expressions;
import org.apache.calcite.runtime.ArrayBindable;
import org.apache.calcite.runtime.Bindable;
import org.apache.calcite.runtime.Typed;
import org.codehaus.janino.ClassLoaderIClassLoader;
import org.codehaus.janino.IClassLoader;
import org.codehaus.janino.Java;
import org.codehaus.janino.Parser;
import org.codehaus.janino.Scanner;
import org.codehaus.janino.UnitCompiler;
import org.codehaus.janino.util.ClassFile;

/**
 * Generates and compiles the Java code of a physical plan, as Calcite's
 * {@code EnumerableInterpretable.toBindable} does, with two savings that matter when many
 * statements are seen once (the sqllogictest corpus):
 * <ul>
 *   <li>compiled classes are cached by their source text in one cache for the whole JVM, so a
 *       plan generating the same code (the same query on another table of the same shape,
 *       or after a catalog change, or on another database) is not compiled again — the code
 *       reaches tables, parameters and literals only through the DataContext, so equal text
 *       means equal behaviour;</li>
 *   <li>Janino's view of the library classes (reflection over {@code SqlFunctions} and
 *       friends) is kept per thread instead of being rebuilt for every compilation.</li>
 * </ul>
 */
final class CodeCompiler {
  private static final int CACHE_SIZE = 4096;
  private static final ClassLoader PARENT = CodeCompiler.class.getClassLoader();
  private static final Cache<String, Class<?>> CLASSES =
      Caffeine.newBuilder().maximumSize(CACHE_SIZE).build();
  private static final ThreadLocal<IClassLoader> LIBRARY =
      ThreadLocal.withInitial(() -> new ClassLoaderIClassLoader(PARENT));

  private CodeCompiler() {}

  /** The plan's code, compiled (or found compiled), bound to a fresh instance. */
  static Bindable<?> toBindable(Map<String, Object> stash, EnumerableRel rel,
      EnumerableRel.Prefer prefer) {
    EnumerableRelImplementor implementor =
        new EnumerableRelImplementor(rel.getCluster().getRexBuilder(), stash);
    ClassDeclaration declaration = implementor.implementRoot(rel, prefer);
    String body = Expressions.toString(declaration.memberDeclarations, "\n", false);
    boolean scalar = rel.getRowType().getFieldCount() == 1;
    String source = "public final class " + declaration.name + " implements "
        + (scalar ? Bindable.class.getCanonicalName() + ", " + Typed.class.getCanonicalName()
            : ArrayBindable.class.getCanonicalName())
        + " {\n" + body + "\n}";
    Class<?> type = CLASSES.get(source, s -> compile(declaration.name, s));
    try {
      return (Bindable<?>) type.getDeclaredConstructors()[0].newInstance();
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot instantiate generated plan code", e);
    }
  }

  private static Class<?> compile(String className, String source) {
    try {
      Java.AbstractCompilationUnit unit =
          new Parser(new Scanner(null, new StringReader(source))).parseAbstractCompilationUnit();
      Map<String, byte[]> classes = new HashMap<>();
      new UnitCompiler(unit, LIBRARY.get()).compileUnit(false, false, false,
          (ClassFile cf) -> classes.put(cf.getThisClassName(), cf.toByteArray()));
      return new Loader(classes).loadClass(className);
    } catch (Exception e) {
      throw new IllegalStateException("error while compiling generated Java code:\n" + source, e);
    }
  }

  /** Defines the classes of one compilation unit. */
  private static final class Loader extends ClassLoader {
    private final Map<String, byte[]> classes;

    Loader(Map<String, byte[]> classes) {
      super(PARENT);
      this.classes = classes;
    }

    @Override
    protected Class<?> findClass(String name) throws ClassNotFoundException {
      byte[] bytes = classes.get(name);
      if (bytes == null) {
        throw new ClassNotFoundException(name);
      }
      return defineClass(name, bytes, 0, bytes.length);
    }
  }
}
