<#--
  MorphDB's DDL, included into Calcite's Parser.jj template (see config.fmpp).

  Statements: CREATE TABLE / INDEX / VIEW, DROP TABLE / INDEX / VIEW (hooks
  called after CREATE [OR REPLACE] / DROP), and the full productions
  ALTER TABLE, CHECK TABLE, CANCEL DDL JOB (tried with LOOKAHEAD(2) before
  Calcite's own statements).

  Column-level PRIMARY KEY / UNIQUE / CHECK are lifted into table-level
  SqlKeyConstraint / SqlCheckConstraint elements placed right after their
  column, so the executor sees one shape for both spellings.
-->

/** An error at {@code pos} that the parser reports as a SqlParseException. */
JAVACODE CalciteContextException morphError(SqlParserPos pos, String message)
{
    return new CalciteContextException(message, new CalciteException(message, null),
        pos.getLineNum(), pos.getColumnNum(), pos.getEndLineNum(), pos.getEndColumnNum());
}

/** Parses {@code IF NOT EXISTS}; IF is non-reserved, so {@code CREATE TABLE if (...)} still works. */
boolean MorphIfNotExistsOpt() :
{
}
{
    LOOKAHEAD(3) <IF> <NOT> <EXISTS> { return true; }
|
    { return false; }
}

/** Parses {@code IF EXISTS}. */
boolean MorphIfExistsOpt() :
{
}
{
    LOOKAHEAD(2) <IF> <EXISTS> { return true; }
|
    { return false; }
}

/**
 * Parses a column definition: {@code name type [NOT NULL | NULL] [DEFAULT expr]
 * [[CONSTRAINT n] PRIMARY KEY | UNIQUE | CHECK (expr)]...}, options in any order.
 * Adds the SqlColumnDeclaration to {@code list}, then one element per inline
 * key or check constraint.
 */
void MorphColumnDef(List<SqlNode> list) :
{
    final SqlIdentifier id;
    SqlDataTypeSpec type;
    Boolean nullable = null;
    SqlNode defaultValue = null;
    SqlIdentifier constraintName;
    Span cs;
    SqlNode e;
    final List<SqlNode> constraints = new ArrayList<SqlNode>();
    final Span s;
    boolean always;
    SequenceOptions opts;
    SqlIdentityOption identity = null;
}
{
    id = SimpleIdentifier() { s = span(); }
    type = DataType()
    (
        <DEFAULT_> defaultValue = Expression(ExprContext.ACCEPT_SUB_QUERY)
    |
        <GENERATED> { always = false; opts = SequenceOptions.NONE; }
        ( <ALWAYS> { always = true; } | <BY> <DEFAULT_> )
        <AS> <IDENTITY>
        [ <LPAREN> opts = MorphSequenceOptions() <RPAREN> ]
        { identity = new SqlIdentityOption(getPos(), id, always, opts); }
    |
        ( <AUTO_INCREMENT> | <IDENTITY> ) {
            identity = new SqlIdentityOption(getPos(), id, false, SequenceOptions.NONE);
        }
    |
        { constraintName = null; cs = null; }
        [ <CONSTRAINT> { cs = span(); } constraintName = SimpleIdentifier() ]
        (
            <NOT> { if (cs == null) cs = span(); } <NULL> { nullable = Boolean.FALSE; }
        |
            <NULL> { nullable = Boolean.TRUE; }
        |
            <PRIMARY> { if (cs == null) cs = span(); } <KEY> {
                constraints.add(SqlDdlNodes.primary(cs.end(this), constraintName,
                    new SqlNodeList(Collections.singletonList(id), id.getParserPosition())));
            }
        |
            <UNIQUE> {
                if (cs == null) cs = span();
                constraints.add(SqlDdlNodes.unique(cs.end(this), constraintName,
                    new SqlNodeList(Collections.singletonList(id), id.getParserPosition())));
            }
        |
            <CHECK> { if (cs == null) cs = span(); }
            <LPAREN> e = Expression(ExprContext.ACCEPT_SUB_QUERY) <RPAREN> {
                constraints.add(SqlDdlNodes.check(cs.end(this), constraintName, e));
            }
        |
            { if (cs == null) cs = span(); }
            e = MorphReferences(cs, constraintName,
                new SqlNodeList(Collections.singletonList(id), id.getParserPosition())) {
                constraints.add(e);
            }
        )
    )*
    {
        if (nullable != null) {
            type = type.withNullable(nullable);
        }
        final ColumnStrategy strategy = defaultValue != null ? ColumnStrategy.DEFAULT
            : Boolean.FALSE.equals(nullable) ? ColumnStrategy.NOT_NULLABLE
            : ColumnStrategy.NULLABLE;
        list.add(SqlDdlNodes.column(s.end(this), id, type, defaultValue, strategy));
        if (identity != null) {
            list.add(identity);
        }
        list.addAll(constraints);
    }
}

/** Parses {@code [CONSTRAINT n] PRIMARY KEY (c, ...) | UNIQUE (c, ...) | CHECK (expr)}. */
void MorphTableConstraint(List<SqlNode> list) :
{
    SqlIdentifier name = null;
    Span s = null;
    final SqlNodeList columns;
    final SqlNode e;
}
{
    [ <CONSTRAINT> { s = span(); } name = SimpleIdentifier() ]
    (
        <PRIMARY> { if (s == null) s = span(); } <KEY>
        columns = ParenthesizedSimpleIdentifierList() {
            list.add(SqlDdlNodes.primary(s.end(this), name, columns));
        }
    |
        <UNIQUE> { if (s == null) s = span(); }
        columns = ParenthesizedSimpleIdentifierList() {
            list.add(SqlDdlNodes.unique(s.end(this), name, columns));
        }
    |
        <CHECK> { if (s == null) s = span(); }
        <LPAREN> e = Expression(ExprContext.ACCEPT_SUB_QUERY) <RPAREN> {
            list.add(SqlDdlNodes.check(s.end(this), name, e));
        }
    |
        <FOREIGN> { if (s == null) s = span(); } <KEY>
        columns = ParenthesizedSimpleIdentifierList()
        e = MorphReferences(s, name, columns) {
            list.add(e);
        }
    )
}

/** REFERENCES p [(k, ...)] [ON DELETE action] [ON UPDATE action], in either order. */
SqlForeignKey MorphReferences(Span s, SqlIdentifier name, SqlNodeList columns) :
{
    final SqlIdentifier parent;
    SqlNodeList parentColumns = null;
    ForeignKeyDef.RefAction onDelete = null;
    ForeignKeyDef.RefAction onUpdate = null;
}
{
    <REFERENCES> parent = CompoundIdentifier()
    [ parentColumns = ParenthesizedSimpleIdentifierList() ]
    (
        <ON>
        (
            <DELETE> onDelete = MorphRefAction()
        |
            <UPDATE> onUpdate = MorphRefAction()
        )
    )*
    {
        return new SqlForeignKey(s.end(this), name, columns, parent, parentColumns, onDelete, onUpdate);
    }
}

/** CASCADE | RESTRICT | NO ACTION | SET NULL | SET DEFAULT. */
ForeignKeyDef.RefAction MorphRefAction() :
{
}
{
    <CASCADE> { return ForeignKeyDef.RefAction.CASCADE; }
|
    <RESTRICT> { return ForeignKeyDef.RefAction.RESTRICT; }
|
    <NO> <ACTION> { return ForeignKeyDef.RefAction.NO_ACTION; }
|
    <SET>
    (
        <NULL> { return ForeignKeyDef.RefAction.SET_NULL; }
    |
        <DEFAULT_> { return ForeignKeyDef.RefAction.SET_DEFAULT; }
    )
}

void MorphTableElement(List<SqlNode> list) :
{
}
{
    MorphColumnDef(list)
|
    MorphTableConstraint(list)
}

/** CREATE TABLE [IF NOT EXISTS] t (element, ...). */
SqlCreate MorphCreateTable(Span s, boolean replace) :
{
    final boolean ifNotExists;
    final SqlIdentifier id;
    final List<SqlNode> elements = new ArrayList<SqlNode>();
    final Span es;
}
{
    <TABLE> {
        if (replace) {
            throw morphError(s.end(this), "CREATE OR REPLACE TABLE is not supported");
        }
    }
    ifNotExists = MorphIfNotExistsOpt()
    id = CompoundIdentifier()
    <LPAREN> { es = span(); }
    MorphTableElement(elements)
    ( <COMMA> MorphTableElement(elements) )*
    <RPAREN> {
        return new SqlMorphCreateTable(s.end(this), ifNotExists, id,
            new SqlNodeList(elements, es.end(this)));
    }
}

/** One index column: {@code c [ASC | DESC]}; DESC columns are wrapped in a DESC call. */
void MorphIndexColumn(List<SqlNode> list) :
{
    final SqlIdentifier id;
}
{
    id = SimpleIdentifier()
    (
        <ASC> { list.add(id); }
    |
        <DESC> {
            list.add(SqlStdOperatorTable.DESC.createCall(
                Span.of(id).end(this), id));
        }
    |
        { list.add(id); }
    )
}

/** CREATE [UNIQUE] INDEX [IF NOT EXISTS] name ON t (c [ASC | DESC], ...). */
SqlCreate MorphCreateIndex(Span s, boolean replace) :
{
    boolean unique = false;
    final boolean ifNotExists;
    final SqlIdentifier name;
    final SqlIdentifier table;
    final List<SqlNode> columns = new ArrayList<SqlNode>();
    final Span cs;
}
{
    [ <UNIQUE> { unique = true; } ]
    <INDEX> {
        if (replace) {
            throw morphError(s.end(this), "CREATE OR REPLACE INDEX is not supported");
        }
    }
    ifNotExists = MorphIfNotExistsOpt()
    name = CompoundIdentifier()
    <ON> table = CompoundIdentifier()
    <LPAREN> { cs = span(); }
    MorphIndexColumn(columns)
    ( <COMMA> MorphIndexColumn(columns) )*
    <RPAREN> {
        return new SqlCreateIndex(s.end(this), unique, ifNotExists, name, table,
            new SqlNodeList(columns, cs.end(this)));
    }
}

/** CREATE [OR REPLACE] VIEW [IF NOT EXISTS] v [(c, ...)] AS query. */
SqlCreate MorphCreateView(Span s, boolean replace) :
{
    final boolean ifNotExists;
    final SqlIdentifier id;
    SqlNodeList columns = null;
    final SqlNode query;
}
{
    <VIEW>
    ifNotExists = MorphIfNotExistsOpt() {
        if (replace && ifNotExists) {
            throw morphError(s.end(this), "OR REPLACE and IF NOT EXISTS cannot be combined");
        }
    }
    id = CompoundIdentifier()
    [ columns = ParenthesizedSimpleIdentifierList() ]
    <AS> query = OrderedQueryOrExpr(ExprContext.ACCEPT_QUERY) {
        return new SqlMorphCreateView(s.end(this), replace, ifNotExists, id,
            columns == null ? SqlNodeList.EMPTY : columns, query);
    }
}

/**
 * DROP TABLE [IF EXISTS] t [CASCADE | RESTRICT]. CASCADE also drops the foreign keys of other
 * tables that refer to t; views are not tracked as dependents (tools and the sqllogictest
 * library send CASCADE for them).
 */
SqlDrop MorphDropTable(Span s, boolean replace) :
{
    final boolean ifExists;
    final SqlIdentifier id;
    boolean cascade = false;
}
{
    <TABLE> ifExists = MorphIfExistsOpt() id = CompoundIdentifier()
    [
        <CASCADE> { cascade = true; }
    |
        <RESTRICT>
    ]
    {
        return new SqlMorphDropTable(s.end(this), ifExists, id, cascade);
    }
}

/** DROP INDEX [IF EXISTS] name. */
SqlDrop MorphDropIndex(Span s, boolean replace) :
{
    final boolean ifExists;
    final SqlIdentifier id;
}
{
    <INDEX> ifExists = MorphIfExistsOpt() id = CompoundIdentifier() {
        return new SqlDropIndex(s.end(this), ifExists, id);
    }
}

/** DROP VIEW [IF EXISTS] v [CASCADE | RESTRICT]. */
SqlDrop MorphDropView(Span s, boolean replace) :
{
    final boolean ifExists;
    final SqlIdentifier id;
    boolean cascade = false;
}
{
    <VIEW> ifExists = MorphIfExistsOpt() id = CompoundIdentifier()
    [
        <CASCADE> { cascade = true; }
    |
        <RESTRICT>
    ]
    {
        return new SqlMorphDropView(s.end(this), ifExists, id, cascade);
    }
}

/** ALTER TABLE t action. */
SqlNode MorphAlterTable() :
{
    final Span s;
    final SqlIdentifier table;
    final AlterAction action;
}
{
    <ALTER> { s = span(); } <TABLE> table = CompoundIdentifier()
    (
        action = MorphAlterAdd()
    |
        action = MorphAlterDrop()
    |
        action = MorphAlterRename()
    |
        action = MorphAlterColumn()
    )
    {
        return new SqlAlterTable(s.end(this), table, action);
    }
}

/** ADD [CONSTRAINT n] {CHECK (expr) | UNIQUE (c, ...) | PRIMARY KEY (c, ...) | FOREIGN KEY ...} | ADD [COLUMN] [IF NOT EXISTS] coldef. */
AlterAction MorphAlterAdd() :
{
    SqlIdentifier name = null;
    Span s = null;
    SqlNodeList columns;
    SqlForeignKey key;
    final SqlNode e;
    final boolean ifNotExists;
    final List<SqlNode> list = new ArrayList<SqlNode>();
}
{
    <ADD>
    (
        [ <CONSTRAINT> { s = span(); } name = SimpleIdentifier() ]
        (
            <CHECK> <LPAREN> e = Expression(ExprContext.ACCEPT_SUB_QUERY) <RPAREN> {
                return new AlterAction.AddCheck(name, e);
            }
        |
            <UNIQUE> columns = ParenthesizedSimpleIdentifierList() {
                return new AlterAction.AddKey(name, columns, false);
            }
        |
            <PRIMARY> <KEY> columns = ParenthesizedSimpleIdentifierList() {
                return new AlterAction.AddKey(name, columns, true);
            }
        |
            <FOREIGN> { if (s == null) s = span(); } <KEY>
            columns = ParenthesizedSimpleIdentifierList()
            key = MorphReferences(s, name, columns) {
                return new AlterAction.AddForeignKey(key);
            }
        )
    |
        [ <COLUMN> ]
        ifNotExists = MorphIfNotExistsOpt()
        MorphColumnDef(list) {
            return AlterAction.AddColumn.of(list, ifNotExists);
        }
    )
}

/** DROP CONSTRAINT [IF EXISTS] n | DROP [COLUMN] [IF EXISTS] c. */
AlterAction MorphAlterDrop() :
{
    final boolean ifExists;
    final SqlIdentifier id;
}
{
    <DROP>
    (
        <CONSTRAINT> ifExists = MorphIfExistsOpt() id = SimpleIdentifier() {
            return new AlterAction.DropConstraint(id, ifExists);
        }
    |
        [ <COLUMN> ] ifExists = MorphIfExistsOpt() id = SimpleIdentifier() {
            return new AlterAction.DropColumn(id, ifExists);
        }
    )
}

/** RENAME TO n | RENAME [COLUMN] a TO b. */
AlterAction MorphAlterRename() :
{
    final SqlIdentifier from;
    final SqlIdentifier to;
}
{
    <RENAME>
    (
        <TO> to = CompoundIdentifier() {
            return new AlterAction.RenameTable(to);
        }
    |
        [ <COLUMN> ] from = SimpleIdentifier() <TO> to = SimpleIdentifier() {
            return new AlterAction.RenameColumn(from, to);
        }
    )
}

/**
 * ALTER [COLUMN] c SET DEFAULT expr | DROP DEFAULT | SET NOT NULL | DROP NOT NULL
 * | SET DATA TYPE type | TYPE type.
 */
AlterAction MorphAlterColumn() :
{
    final SqlIdentifier column;
    final SqlNode e;
    final SqlDataTypeSpec type;
}
{
    <ALTER> [ <COLUMN> ] column = SimpleIdentifier()
    (
        <SET>
        (
            <DEFAULT_> e = Expression(ExprContext.ACCEPT_SUB_QUERY) {
                return new AlterAction.SetDefault(column, e);
            }
        |
            <NOT> <NULL> { return new AlterAction.SetNotNull(column); }
        |
            <DATA> <TYPE> type = DataType() {
                return new AlterAction.SetDataType(column, type);
            }
        )
    |
        <DROP>
        (
            <DEFAULT_> { return new AlterAction.DropDefault(column); }
        |
            <NOT> <NULL> { return new AlterAction.DropNotNull(column); }
        )
    |
        <TYPE> type = DataType() {
            return new AlterAction.SetDataType(column, type);
        }
    )
}

/** CHECK TABLE t. */
SqlNode MorphCheckTable() :
{
    final Span s;
    final SqlIdentifier table;
}
{
    <CHECK> { s = span(); } <TABLE> table = CompoundIdentifier() {
        return new SqlCheckTable(s.end(this), table);
    }
}

/** CANCEL DDL JOB n, n an unsigned integer literal. */
SqlNode MorphCancelDdlJob() :
{
    final Span s;
}
{
    <CANCEL> { s = span(); } <DDL> <JOB> <UNSIGNED_INTEGER_LITERAL> {
        final SqlParserPos pos = getPos();
        final long jobId;
        try {
            jobId = new BigDecimal(token.image).longValueExact();
        } catch (ArithmeticException ex) {
            throw morphError(pos, "DDL job id out of range: " + token.image);
        }
        return new SqlCancelDdlJob(s.end(this),
            SqlLiteral.createExactNumeric(token.image, pos), jobId);
    }
}

/** A whole number, maybe signed, that fits a long. */
long MorphSignedLong() :
{
    boolean negative = false;
}
{
    [ <MINUS> { negative = true; } | <PLUS> ]
    <UNSIGNED_INTEGER_LITERAL> {
        try {
            final BigDecimal v = new BigDecimal(token.image);
            return (negative ? v.negate() : v).longValueExact();
        } catch (ArithmeticException ex) {
            throw morphError(getPos(), "Number out of range: " + token.image);
        }
    }
}

/**
 * Sequence options in any order: START WITH n, INCREMENT BY n, MINVALUE n | NO MINVALUE,
 * MAXVALUE n | NO MAXVALUE, CYCLE | NO CYCLE, CACHE n | NO CACHE, RESTART [WITH n].
 */
SequenceOptions MorphSequenceOptions() :
{
    final SequenceOptions.Builder b = new SequenceOptions.Builder();
    long v;
    Long with;
}
{
    (
        <START> [ <WITH> ] v = MorphSignedLong() { b.start(v); }
    |
        <INCREMENT> [ <BY> ] v = MorphSignedLong() { b.increment(v); }
    |
        <MINVALUE> v = MorphSignedLong() { b.min(v); }
    |
        <MAXVALUE> v = MorphSignedLong() { b.max(v); }
    |
        <CYCLE> { b.cycle(true); }
    |
        <CACHE> v = MorphSignedLong() { b.cache(v); }
    |
        <NO>
        (
            <MINVALUE> { b.min(null); }
        |
            <MAXVALUE> { b.max(null); }
        |
            <CYCLE> { b.cycle(false); }
        |
            <CACHE> { b.cache(1); }
        )
    |
        <RESTART> { with = null; } [ <WITH> v = MorphSignedLong() { with = v; } ] { b.restart(with); }
    )*
    {
        if (b.error() != null) {
            throw morphError(getPos(), b.error());
        }
        return b.build();
    }
}

/** CREATE SEQUENCE [IF NOT EXISTS] s [AS type] options. */
SqlCreate MorphCreateSequence(Span s, boolean replace) :
{
    final boolean ifNotExists;
    final SqlIdentifier id;
    SqlDataTypeSpec type = null;
    final SequenceOptions opts;
}
{
    <SEQUENCE> {
        if (replace) {
            throw morphError(s.end(this), "CREATE OR REPLACE SEQUENCE is not supported");
        }
    }
    ifNotExists = MorphIfNotExistsOpt()
    id = CompoundIdentifier()
    [ <AS> type = DataType() ]
    opts = MorphSequenceOptions() {
        return new SqlCreateSequence(s.end(this), id, ifNotExists, type, opts);
    }
}

/** DROP SEQUENCE [IF EXISTS] s. */
SqlDrop MorphDropSequence(Span s, boolean replace) :
{
    final boolean ifExists;
    final SqlIdentifier id;
}
{
    <SEQUENCE> ifExists = MorphIfExistsOpt() id = CompoundIdentifier() {
        return new SqlDropSequence(s.end(this), id, ifExists);
    }
}

/** ALTER SEQUENCE [IF EXISTS] s options. */
SqlNode MorphAlterSequence() :
{
    final Span s;
    final boolean ifExists;
    final SqlIdentifier id;
    final SequenceOptions opts;
}
{
    <ALTER> { s = span(); } <SEQUENCE> ifExists = MorphIfExistsOpt() id = CompoundIdentifier()
    opts = MorphSequenceOptions() {
        return new SqlAlterSequence(s.end(this), id, ifExists, opts);
    }
}

/**
 * COMMIT [WORK] | ROLLBACK [WORK] [TO [SAVEPOINT] s] | SAVEPOINT s | RELEASE [SAVEPOINT] s.
 */
SqlNode MorphTransactionControl() :
{
    final Span s;
    SqlIdentifier name = null;
}
{
    <COMMIT> { s = span(); } [ <WORK> ] {
        return new SqlTransactionControl(s.end(this), SqlTransactionControl.Action.COMMIT, null);
    }
|
    <ROLLBACK> { s = span(); } [ <WORK> ]
    [ <TO> [ <SAVEPOINT> ] name = SimpleIdentifier() ] {
        return new SqlTransactionControl(s.end(this), name == null ? SqlTransactionControl.Action.ROLLBACK
            : SqlTransactionControl.Action.ROLLBACK_TO, name);
    }
|
    <SAVEPOINT> { s = span(); } name = SimpleIdentifier() {
        return new SqlTransactionControl(s.end(this), SqlTransactionControl.Action.SAVEPOINT, name);
    }
|
    <RELEASE> { s = span(); } [ <SAVEPOINT> ] name = SimpleIdentifier() {
        return new SqlTransactionControl(s.end(this), SqlTransactionControl.Action.RELEASE, name);
    }
}
