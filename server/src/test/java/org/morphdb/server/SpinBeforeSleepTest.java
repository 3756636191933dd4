package org.morphdb.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SelectStrategy;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.nio.NioIoHandler;
import java.nio.channels.spi.SelectorProvider;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * An event loop with nothing to do polls its sockets for a short while before it sleeps;
 * whatever arrives meanwhile, events or tasks, is taken at once, and it sleeps once the
 * spin is over.
 */
class SpinBeforeSleepTest {
  @Test
  void eventsThatArriveWhileItSpinsAreHandledWithoutSleeping() throws Exception {
    AtomicInteger polls = new AtomicInteger();
    SelectStrategy strategy = SpinBeforeSleep.factory(10_000_000).newSelectStrategy(); // 10 s
    int ready = strategy.calculateStrategy(() -> polls.incrementAndGet() < 4 ? 0 : 3, false);
    assertEquals(3, ready, "the events found by the fourth poll");
    assertEquals(4, polls.get());
  }

  @Test
  void withNothingArrivingItSleepsOnceTheSpinIsOver() throws Exception {
    AtomicInteger polls = new AtomicInteger();
    SelectStrategy strategy = SpinBeforeSleep.factory(2_000).newSelectStrategy(); // 2 ms
    long start = System.nanoTime();
    int decision = strategy.calculateStrategy(() -> {
      polls.incrementAndGet();
      return 0;
    }, false);
    assertEquals(SelectStrategy.SELECT, decision);
    assertTrue(System.nanoTime() - start >= 2_000_000, "it polled for the whole spin");
    assertTrue(polls.get() > 1, "it polled more than once: " + polls.get());
  }

  @Test
  void aSpinOfZeroSleepsAtOnceWithoutPolling() throws Exception {
    SelectStrategy strategy = SpinBeforeSleep.factory(0).newSelectStrategy();
    assertEquals(SelectStrategy.SELECT, strategy.calculateStrategy(() -> {
      throw new AssertionError("polled");
    }, false));
  }

  @Test
  void withTasksWaitingItPollsOnceAndGoesOnToThem() throws Exception {
    AtomicInteger polls = new AtomicInteger();
    SelectStrategy strategy = SpinBeforeSleep.factory(10_000_000).newSelectStrategy();
    assertEquals(0, strategy.calculateStrategy(() -> {
      polls.incrementAndGet();
      return 0;
    }, true));
    assertEquals(1, polls.get());
  }

  /**
   * A reply a worker hands to a spinning loop is written at once, not after the spin: with a
   * spin of a minute, tasks submitted while the loop is idle still run within seconds.
   */
  @Test
  void aTaskHandedToASpinningLoopRunsBeforeTheSpinEnds() throws Exception {
    MultiThreadIoEventLoopGroup loop = new MultiThreadIoEventLoopGroup(1,
        Transport.chosen() == Transport.EPOLL ? EpollIoHandler.newFactory(0, SpinBeforeSleep.factory(60_000_000))
            : NioIoHandler.newFactory(SelectorProvider.provider(), SpinBeforeSleep.factory(60_000_000)));
    try {
      for (int i = 0; i < 5; i++) {
        Thread.sleep(20); // the loop has run out of work and spins
        CountDownLatch ran = new CountDownLatch(1);
        loop.execute(ran::countDown);
        assertTrue(ran.await(10, TimeUnit.SECONDS), "task " + i + " waited for the spin to end");
      }
    } finally {
      loop.shutdownGracefully(0, 1, TimeUnit.SECONDS).sync();
    }
  }
}
