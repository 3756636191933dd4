/**
 * Runs physical plans without generating code: a plan seen once (the sqllogictest corpus,
 * ad-hoc queries in a shell) would otherwise pay tens of milliseconds for Janino to compile
 * a class it runs once. {@link org.morphdb.engine.sql.exec.Interpreter} turns the Enumerable
 * plan into a tree of row iterators and its expressions into {@link
 * org.morphdb.engine.sql.exec.Scalar} closures; a plan using anything it does not know is
 * left to code generation. The plan package switches a plan to generated code once it has run
 * often enough for compilation to pay off.
 */
package org.morphdb.engine.sql.exec;
