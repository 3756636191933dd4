package org.morphdb.engine.cluster;

/**
 * @param delayMillis               bound on propagation: versions activate this long after commit
 * @param lagMillis                 test only: each channel message is delayed by up to this much
 * @param completenessTimeoutMillis how long a node waits for metadata completeness (then 1004)
 * @param staleCache                negative control: nodes use whatever catalog they have, never wait
 */
public record ClusterConfig(int nodes, long delayMillis, long lagMillis, long completenessTimeoutMillis,
    boolean staleCache) {}
