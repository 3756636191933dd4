<#--
  MorphDB's data type names that Calcite's grammar reserves as keywords but does not accept
  as types: CLOB, NCLOB and BLOB. They become user-defined type names, which
  DdlTranslator.type maps to TypeKind.CLOB and TypeKind.BLOB.
-->
SqlTypeNameSpec MorphLobTypeName() :
{
    final String name;
    final Span s = Span.of();
}
{
    (
        <CLOB> { name = "CLOB"; }
    |
        <NCLOB> { name = "NCLOB"; }
    |
        <BLOB> { name = "BLOB"; }
    )
    {
        return new SqlUserDefinedTypeNameSpec(new SqlIdentifier(name, s.end(this)), s.end(this));
    }
}
