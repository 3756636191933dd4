package org.morphdb.server;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import java.util.List;
import org.morphdb.jdbc.remote.Protocol;

/**
 * Checks the four magic bytes a client sends before its first frame, then steps aside. Any
 * other first bytes (an HTTP request, a port scan, another database's client) close the
 * connection without a reply.
 */
final class MagicDecoder extends ByteToMessageDecoder {
  @Override
  protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
    if (in.readableBytes() < Protocol.MAGIC.length) {
      return;
    }
    for (byte b : Protocol.MAGIC) {
      if (in.readByte() != b) {
        in.skipBytes(in.readableBytes());
        ctx.close();
        return;
      }
    }
    ctx.pipeline().remove(this); // what follows is handed on to the frame decoder
  }
}
